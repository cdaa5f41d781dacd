"""Keras's random ops on the TensorFlow backend: a `SeedGenerator` holds its state in a
variable (`[seed, counter]`), each draw takes the state and advances the counter, and
every op is TensorFlow's stateless op on that seed (cast as Keras casts it), so seeded
draws are Keras's numbers. Unseeded ones draw from a global generator whose seed comes
from Python's `random` (`keras.utils.set_random_seed` seeds it)."""

import random

import numpy as np
import tensorflow as tf

import _keras_native
from keras.src import backend

_global_generator = None


def make_default_seed():
    """`random.randint(1, int(1e9))`, from the state Keras's initialisers also draw from."""
    return _keras_native.make_default_seed()


class SeedGenerator:
    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or backend.unique_name("seed_generator")
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        with backend.name_scope(self.name), tf.init_scope():
            self.state = _keras_native.variable(
                tf.constant([seed, 0], dtype="int64"),
                backend.current_path("seed_generator_state"), False, False,
            )

    def next(self, ordered=True):
        seed_state = self.state
        new_seed_value = seed_state.value() * 1
        if ordered:
            self.state.assign(seed_state + tf.constant(np.array([0, 1]), dtype="int64"))
        else:
            self.state.assign((seed_state + 1) * 5387 % 933199)
        return new_seed_value

    def get_config(self):
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def global_seed_generator():
    global _global_generator
    if _global_generator is None:
        _global_generator = SeedGenerator()
    return _global_generator


def reset_global_seed_generator():
    """What `set_random_seed` does to Keras's global state: the next unseeded draw makes a
    new generator."""
    global _global_generator
    _global_generator = None


def draw_seed(seed):
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int):
        return tf.constant([seed, 0], dtype="int64")
    if seed is None:
        return global_seed_generator().next(ordered=False)
    raise ValueError(
        "Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
        f"Received: seed={seed} (of type {type(seed)})"
    )


def _cast_seed(seed):
    if seed.dtype == tf.int32:
        return seed
    return tf.cast(tf.math.floormod(seed, tf.int32.max - 1), dtype="int32")


def _seed(seed):
    return _cast_seed(draw_seed(seed))


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = dtype or backend.floatx()
    return tf.random.stateless_normal(shape=shape, mean=mean, stddev=stddev, dtype=dtype,
                                      seed=_seed(seed))


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = dtype or backend.floatx()
    return tf.random.stateless_uniform(shape=shape, minval=minval, maxval=maxval,
                                       dtype=dtype, seed=_seed(seed))


def randint(shape, minval, maxval, dtype="int32", seed=None):
    intermediate = dtype if backend.standardize_dtype(dtype) in ("int32", "int64") else "int64"
    out = tf.random.stateless_uniform(shape=shape, minval=minval, maxval=maxval,
                                      dtype=intermediate, seed=_seed(seed))
    return tf.cast(out, dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = dtype or backend.floatx()
    return tf.random.stateless_truncated_normal(shape=shape, mean=mean, stddev=stddev,
                                                dtype=dtype, seed=_seed(seed))


def _noise_shape(inputs, noise_shape):
    if noise_shape is None:
        return tf.shape(inputs)
    concrete = tf.shape(inputs)
    return [concrete[i] if value is None else value for i, value in enumerate(noise_shape)]


def dropout(inputs, rate, noise_shape=None, seed=None):
    if rate == 1.0:
        return tf.zeros_like(inputs)
    if rate == 0.0:
        return inputs
    seed = _seed(seed)
    return tf.nn.experimental.stateless_dropout(inputs, rate=rate,
                                                noise_shape=_noise_shape(inputs, noise_shape),
                                                seed=seed)


def shuffle(x, axis=0, seed=None):
    seed = _seed(seed)
    indices = tf.argsort(tf.random.stateless_uniform(shape=[tf.shape(x)[axis]], seed=seed))
    return tf.gather(x, indices, axis=axis)


def set_random_seed(seed):
    """`keras.utils.set_random_seed`: seeds Python's `random`, NumPy's global state,
    (natively) TensorFlow's global seed and the draws unseeded initializers make, and
    resets the global `SeedGenerator`."""
    _keras_native.set_random_seed(seed)
    random.seed(seed)
    np.random.seed(seed)
    reset_global_seed_generator()
