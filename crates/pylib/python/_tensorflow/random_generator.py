"""`tf.random.Generator`: a random-number generator whose state is a variable, as
TensorFlow's (`stateful_random_ops.py`). A Philox state is three int64s, the counter then
the key; each draw reads it, fills the values from that Philox stream as TensorFlow's
stateful kernels do (see `tf_binding::random_generator`), and advances the counter by 256
per value, so seeded programs print TensorFlow's numbers. ThreeFry generators can be made
and reset, but drawing from them is not emulated."""

import enum
import random as _py_random

import numpy as np
import tensorflow as tf

import _tf_random_generator

_PHILOX_STATE_SIZE = 3
_THREEFRY_STATE_SIZE = 2
_MASK64 = (1 << 64) - 1


class Algorithm(enum.Enum):
    __module__ = "tensorflow.python.ops.random_ops_util"

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _convert_alg_to_int(alg):
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, int):
        return alg
    if isinstance(alg, str):
        names = {"philox": 1, "threefry": 2, "auto_select": 3}
        if alg.lower() in names:
            return names[alg.lower()]
        raise ValueError(
            f"Argument `alg` got unsupported value {alg}. Supported values are philox for "
            "the Philox algorithm, threefry for the ThreeFry algorithm, and auto_select for "
            "auto-selection."
        )
    if tf.is_tensor(alg):
        return int(alg)
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) "
                    "to int.")


def _state_size(alg):
    if alg in (1, 3):
        return _PHILOX_STATE_SIZE
    if alg == 2:
        return _THREEFRY_STATE_SIZE
    raise ValueError(
        f"Argument `alg` got unsupported value {alg}. Supported values are "
        "Algorithm.PHILOX.value for the Philox algorithm, Algorithm.THREEFRY.value for the "
        "ThreeFry algorithm, and Algorithm.AUTO_SELECT.value for auto-selection."
    )


def _signed(value):
    value = int(value) & _MASK64
    return value - (1 << 64) if value >= 1 << 63 else value


def _make_1d_state(state_size, seed):
    if isinstance(seed, int):
        chunks = []
        for _ in range(state_size):
            chunks.append(seed & _MASK64)
            seed >>= 64
        seed = chunks
    values = [_signed(v) for v in np.asarray(seed).reshape(-1).tolist()][:state_size]
    # Padded with zeros on the left: a short seed becomes the key, not the counter.
    return [0] * (state_size - len(values)) + values


def create_rng_state(seed, alg):
    alg = _convert_alg_to_int(alg)
    return tf.constant(_make_1d_state(_state_size(alg), seed), dtype=tf.int64)


class Generator(tf.Module):
    """Random-number generator (`tf.random.Generator`)."""

    __module__ = "tensorflow.python.ops.stateful_random_ops"

    def __init__(self, copy_from=None, state=None, alg=None):
        super().__init__()
        if copy_from is not None:
            self._state_var = tf.Variable(copy_from.state, dtype=tf.int64, trainable=False,
                                          name="StateVar")
            self._alg = copy_from.algorithm
            return
        alg = _convert_alg_to_int(alg)
        if isinstance(state, tf.Variable):
            self._check_shape(state.shape, alg)
            self._state_var = state
        else:
            values = [_signed(v) for v in np.asarray(state).reshape(-1).tolist()] \
                if np.ndim(state) else [_signed(state)]
            self._check_shape(tf.TensorShape([len(values)]) if np.ndim(state)
                              else tf.TensorShape([]), alg)
            self._state_var = tf.Variable(np.array(values, dtype=np.int64), trainable=False,
                                          name="StateVar")
        self._alg = alg

    @staticmethod
    def _check_shape(shape, alg):
        shape.assert_is_compatible_with([_state_size(alg)])

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_seed(cls, seed, alg=None):
        alg = _convert_alg_to_int(Algorithm.PHILOX if alg is None else alg)
        return cls(state=_make_1d_state(_state_size(alg), seed), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        alg = _convert_alg_to_int(Algorithm.PHILOX if alg is None else alg)
        seed = [_signed(_py_random.getrandbits(64)) for _ in range(_state_size(alg))]
        return cls(state=seed, alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        counter = [_signed(v) for v in np.asarray(counter).reshape(-1).tolist()]
        if np.ndim(key) != 0:
            raise ValueError(f"Shapes {tf.TensorShape(np.shape(key))} and [] are incompatible")
        return cls(state=counter + [_signed(key)], alg=alg)

    def reset(self, state):
        self._state_var.assign(np.array([_signed(v) for v in np.asarray(state).reshape(-1)],
                                        dtype=np.int64))

    def reset_from_seed(self, seed):
        self.reset(_make_1d_state(_state_size(self._alg), seed))

    def reset_from_key_counter(self, key, counter):
        counter = [_signed(v) for v in np.asarray(counter).reshape(-1).tolist()]
        self.reset(counter + [_signed(key)])

    @property
    def state(self):
        return self._state_var

    @property
    def algorithm(self):
        return self._alg

    @property
    def key(self):
        return self._state_var[-1]

    def skip(self, delta):
        self._advance(int(delta) * 256)

    def _advance(self, count):
        """Moves the 128-bit counter (the state's first two words) on by `count`."""
        values = [int(v) for v in self._state_var.numpy().tolist()]
        low = (values[0] & _MASK64) + count
        high = (values[1] & _MASK64) + (low >> 64)
        values[0], values[1] = _signed(low), _signed(high)
        self._state_var.assign(np.array(values, dtype=np.int64))

    def _draw(self, kind, shape, dtype, minval=None, maxval=None):
        if not tf.executing_eagerly():
            raise NotImplementedError(
                "Drawing from a tf.random.Generator inside a tf.function is not emulated in "
                "this playground yet; draw eagerly, or use the tf.random.stateless_* "
                "functions with seeds from `generator.make_seeds()`.")
        if self._alg == 2:
            raise NotImplementedError(
                "Drawing from a ThreeFry generator is not emulated in this playground; use "
                "the default Philox algorithm.")
        dims = [int(d) for d in (shape.as_list() if isinstance(shape, tf.TensorShape)
                                 else np.asarray(shape).reshape(-1).tolist())]
        state = [int(v) for v in self._state_var.numpy().tolist()]
        values = _tf_random_generator.sample(state, kind, dims, dtype, minval, maxval)
        count = 1
        for d in dims:
            count *= d
        self._advance(count * 256)
        return values

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=tf.float32, name=None):
        dtype = tf.as_dtype(dtype)
        rnd = self._draw("normal", shape, dtype)
        return tf.add(rnd * tf.cast(stddev, dtype), tf.cast(mean, dtype), name=name)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=tf.float32, name=None):
        dtype = tf.as_dtype(dtype)
        rnd = self._draw("truncated_normal", shape, dtype)
        return tf.add(rnd * tf.cast(stddev, dtype), tf.cast(mean, dtype), name=name)

    def uniform(self, shape, minval=0, maxval=None, dtype=tf.float32, name=None):
        dtype = tf.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(
                    f"For integer dtype {dtype}, minval and maxval must be both `None` or "
                    f"both non-`None`; got minval={minval} and maxval={maxval}")
            if minval is None:
                return self.uniform_full_int(shape, dtype=dtype, name=name)
            return self._draw("uniform_int", shape, dtype, int(minval), int(maxval))
        if maxval is None:
            maxval = 1
        minval = tf.convert_to_tensor(minval, dtype=dtype)
        maxval = tf.convert_to_tensor(maxval, dtype=dtype)
        rnd = self._draw("uniform", shape, dtype)
        return tf.add(rnd * (maxval - minval), minval, name=name)

    def uniform_full_int(self, shape, dtype=tf.int64, name=None):
        return self._draw("uniform_full_int", shape, tf.as_dtype(dtype))

    def _make_int64_keys(self, shape=()):
        return self.uniform_full_int(shape=shape, dtype=tf.int64)

    def make_seeds(self, count=1):
        keys = self._make_int64_keys(shape=[count])
        return tf.stack([keys, tf.zeros_like(keys)])

    def split(self, count=1):
        keys = self._make_int64_keys(shape=[count]).numpy().tolist()
        size = _state_size(self._alg)
        return [Generator(state=[0] * (size - 1) + [key], alg=self._alg) for key in keys]


_GLOBAL_GENERATOR = []


def get_global_generator():
    if not _GLOBAL_GENERATOR:
        _GLOBAL_GENERATOR.append(Generator.from_non_deterministic_state())
    return _GLOBAL_GENERATOR[0]


def set_global_generator(generator):
    _GLOBAL_GENERATOR[:] = [generator]


def split(seed, num=2, alg="auto_select"):
    """`tf.random.split` (`tf.random.experimental.stateless_split`): `num` new stateless
    seeds from `seed`, drawn over the seed dtype's whole range."""
    seed = tf.convert_to_tensor(seed)
    return tf.random.stateless_uniform(shape=[num, 2], seed=seed, dtype=seed.dtype,
                                       minval=None, maxval=None, alg=alg)


def fold_in(seed, data, alg="auto_select"):
    """`tf.random.fold_in` (`stateless_fold_in`): a new stateless seed from `seed` and the
    integer `data`, as `[draw from seed, data]`."""
    data = tf.convert_to_tensor(data)
    seed1 = tf.random.stateless_uniform(shape=[], seed=seed, dtype=data.dtype, minval=None,
                                        maxval=None, alg=alg)
    return tf.stack([seed1, data])
