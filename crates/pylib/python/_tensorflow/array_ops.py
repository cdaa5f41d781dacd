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
