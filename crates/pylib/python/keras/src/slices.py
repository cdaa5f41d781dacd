"""Element-wise ops that keep an embedding's `tf.IndexedSlices` gradient sparse, as Keras 3's
TensorFlow backend does (`keras.src.backend.tensorflow.sparse`): a unary op or a product
with a scalar maps the slices' rows, a product or quotient with a dense tensor gathers that
tensor's rows, and a sum or difference with a dense tensor densifies the slices first
(duplicate indices summed). The update rules use them so a sparse gradient's arithmetic,
duplicates included, is Keras's; `scatter` writes slices into a variable row by row."""

import tensorflow as tf


def is_slices(x):
    return isinstance(x, tf.IndexedSlices)


def _rows(x, values):
    return tf.IndexedSlices(values, x.indices, x.dense_shape)


def _is_scalar(x):
    return not hasattr(x, "shape") or len(x.shape) == 0


def unary(func, x):
    """`func` of each element; the slices' rows for slices."""
    return _rows(x, func(x.values)) if is_slices(x) else func(x)


def cast(x, dtype):
    return unary(lambda values: tf.cast(values, dtype), x)


def square(x):
    return unary(tf.square, x)


def sqrt(x):
    return unary(tf.sqrt, x)


def multiply(x1, x2):
    """Keras's `elementwise_binary_intersection` product: sparse where either factor is."""
    if is_slices(x1) and is_slices(x2):
        x1 = tf.convert_to_tensor(x1)
    if is_slices(x1):
        other = x2 if _is_scalar(x2) else tf.gather(x2, x1.indices)
        return _rows(x1, tf.multiply(x1.values, other))
    if is_slices(x2):
        other = x1 if _is_scalar(x1) else tf.gather(x1, x2.indices)
        return _rows(x2, tf.multiply(other, x2.values))
    return tf.multiply(x1, x2)


def divide(x1, x2):
    """Keras's `elementwise_division`: a sparse divisor is densified; a sparse dividend
    keeps its rows (the divisors here are never zero)."""
    if is_slices(x2):
        x2 = tf.convert_to_tensor(x2)
    if is_slices(x1):
        other = x2 if _is_scalar(x2) else tf.gather(x2, x1.indices)
        return _rows(x1, tf.divide(x1.values, other))
    return tf.divide(x1, x2)


def _dense(x):
    return tf.convert_to_tensor(x) if is_slices(x) else x


def add(x1, x2):
    """Keras's `elementwise_binary_union` sum with a dense operand: densified."""
    return tf.add(_dense(x1), _dense(x2))


def subtract(x1, x2):
    return tf.subtract(_dense(x1), _dense(x2))


def maximum(x1, x2):
    return tf.maximum(_dense(x1), _dense(x2))


def scatter(variable, slices, how):
    """`variable.scatter_update` / `scatter_add` / `scatter_sub` of `slices`: each row
    written into, added to or subtracted from the row its index names, in order."""
    indices = tf.expand_dims(slices.indices, -1)
    values = tf.cast(slices.values, variable.dtype)
    combine = {"update": tf.tensor_scatter_nd_update, "add": tf.tensor_scatter_nd_add,
               "sub": tf.tensor_scatter_nd_sub}[how]
    variable.assign(combine(variable, indices, values))
