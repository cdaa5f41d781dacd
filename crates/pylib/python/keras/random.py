"""`keras.random`: random tensors from TensorFlow's generators."""

import tensorflow as _tf

from keras.src import backend as _backend


class SeedGenerator:
    def __init__(self, seed=None, name=None, **kwargs):
        self._seed = seed
        self._count = 0

    def next(self):
        self._count += 1
        base = 0 if self._seed is None else self._seed
        return [base, self._count]


def _seed(seed):
    if isinstance(seed, SeedGenerator):
        return seed.next()
    return seed


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return _tf.random.normal(shape, mean, stddev, dtype=_backend.standardize_dtype(dtype),
                             seed=_seed(seed) if isinstance(_seed(seed), int) else None)


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return _tf.random.uniform(shape, minval, maxval, dtype=_backend.standardize_dtype(dtype),
                              seed=_seed(seed) if isinstance(_seed(seed), int) else None)


def randint(shape, minval, maxval, dtype="int32", seed=None):
    return _tf.random.uniform(shape, minval, maxval, dtype=dtype,
                              seed=_seed(seed) if isinstance(_seed(seed), int) else None)


def shuffle(x, axis=0, seed=None):
    return _tf.random.shuffle(x)


def dropout(inputs, rate, noise_shape=None, seed=None):
    return _tf.nn.dropout(inputs, rate=rate, noise_shape=noise_shape)
