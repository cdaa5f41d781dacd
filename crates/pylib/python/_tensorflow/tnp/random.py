"""`tf.experimental.numpy.random`: NumPy's random functions drawing from TensorFlow's global
generator (`seed` sets TensorFlow's global seed, as tnp's does)."""

import tensorflow as tf



def seed(s):
    tf.random.set_seed(s)


def _size(size):
    if size is None:
        return []
    return [size] if isinstance(size, int) else list(size)


def _float():
    return tf.float64


def rand(*size):
    return tf.random.uniform(list(size), dtype=_float())


def randn(*size):
    return tf.random.normal(list(size), dtype=_float())


def standard_normal(size=None):
    return tf.random.normal(_size(size), dtype=_float())


def normal(loc=0.0, scale=1.0, size=None):
    return tf.random.normal(_size(size), mean=loc, stddev=scale, dtype=_float())


def uniform(low=0.0, high=1.0, size=None):
    return tf.random.uniform(_size(size), minval=low, maxval=high, dtype=_float())


def random(size=None):
    return uniform(size=size)


def randint(low, high=None, size=None, dtype=tf.int64):
    if high is None:
        low, high = 0, low
    return tf.random.uniform(_size(size), minval=low, maxval=high, dtype=tf.as_dtype(dtype))
