"""Array functions TensorFlow writes in Python over its ops (`tf.meshgrid`)."""

import tensorflow as tf


def meshgrid(*args, **kwargs):
    """N-D coordinate arrays from 1-D ones, `xy` (Cartesian) or `ij` (matrix) indexed,
    as `array_ops.meshgrid` builds them: reshape each input, multiply by ones."""
    indexing = kwargs.pop("indexing", "xy")
    name = kwargs.pop("name", "meshgrid")
    if kwargs:
        key = list(kwargs.keys())[0]
        raise TypeError(f"'{key}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError("Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    with tf.name_scope(name):
        ndim = len(args)
        s0 = (1,) * ndim
        if not ndim:
            return []
        output = []
        for i, x in enumerate(args):
            output.append(tf.reshape(tf.convert_to_tensor(x), s0[:i] + (-1,) + s0[i + 1:]))
        shapes = [tf.size(x) for x in args]
        output_dtype = tf.convert_to_tensor(args[0]).dtype.base_dtype
        if indexing == "xy" and ndim > 1:
            output[0] = tf.reshape(output[0], (1, -1) + (1,) * (ndim - 2))
            output[1] = tf.reshape(output[1], (-1, 1) + (1,) * (ndim - 2))
            shapes[0], shapes[1] = shapes[1], shapes[0]
        mult_fact = tf.ones(shapes, output_dtype)
        return [x * mult_fact for x in output]


def broadcast_static_shape(shape_x, shape_y):
    """The static shape two `TensorShape`s broadcast to (`common_shapes.broadcast_shape`):
    an unknown dimension meets a known one above 1 as that one, otherwise stays unknown."""
    shape_x = tf.TensorShape(shape_x)
    shape_y = tf.TensorShape(shape_y)
    if shape_x.rank is None or shape_y.rank is None:
        return tf.TensorShape(None)
    x, y = shape_x.as_list(), shape_y.as_list()
    longer, shorter = (x, y) if len(x) >= len(y) else (y, x)
    lead = longer[:len(longer) - len(shorter)]
    dims = []
    for dim_x, dim_y in zip(x[len(x) - len(shorter):], y[len(y) - len(shorter):]):
        if dim_x is None or dim_y is None:
            if dim_x is not None and dim_x > 1:
                dims.append(dim_x)
            elif dim_y is not None and dim_y > 1:
                dims.append(dim_y)
            else:
                dims.append(None)
        elif dim_x == 1:
            dims.append(dim_y)
        elif dim_y == 1 or dim_x == dim_y:
            dims.append(dim_x)
        else:
            raise ValueError(
                "Incompatible shapes for broadcasting. Two shapes are compatible if for each "
                "dimension pair they are either equal or one of them is 1. Received: "
                f"{shape_x} and {shape_y}.")
    return tf.TensorShape(lead + dims)


def dimension_value(dimension):
    """`tf.compat.v1.dimension_value`: a dimension's value (dimensions are plain ints or
    `None` here, as in TF 2's `TensorShape`)."""
    return getattr(dimension, "value", dimension)


def is_tensor(x):
    """`tf.is_tensor`: whether `x` is a TensorFlow tensor or variable (not an array)."""
    import tensorflow as tf

    return isinstance(x, (tf.Tensor, tf.Variable))

