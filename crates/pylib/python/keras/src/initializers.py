"""`keras.initializers`, as Keras 3 writes them: a random initializer holds a seed (drawn
from Python's `random` when none is given, at construction, as Keras draws it) and each
call is a stateless TensorFlow draw on it (`keras.src.random`), so seeded and
`set_random_seed` weights are Keras's numbers; `get` resolves the names layers accept
(`"glorot_uniform"`, `"zeros"`, a class, an instance, a config, a function)."""

import math

import numpy as np
import tensorflow as tf

from keras.src import backend
from keras.src import random


def _dtype(dtype):
    return backend.standardize_dtype(dtype or backend.floatx())


class Initializer:
    __module__ = "keras.src.initializers.initializer"

    def __call__(self, shape, dtype=None):
        raise NotImplementedError(
            "Initializer subclasses must implement the `__call__()` method.")

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def clone(self):
        return self.__class__.from_config(self.get_config())


class Constant(Initializer):
    """`value` (a number or an array that broadcasts to the shape) cast to the dtype, times
    ones, as Keras computes it."""

    __module__ = "keras.src.initializers.constant_initializers"
    _DEFAULTS = {"value": 0.0}

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = _dtype(dtype)
        return tf.cast(self.value, dtype=dtype) * tf.ones(shape=shape, dtype=dtype)

    def get_config(self):
        return {"value": self.value}


class Zeros(Initializer):
    __module__ = "keras.src.initializers.constant_initializers"
    _DEFAULTS = {}

    def __call__(self, shape, dtype=None):
        return tf.zeros(shape, dtype=_dtype(dtype))


class Ones(Initializer):
    __module__ = "keras.src.initializers.constant_initializers"
    _DEFAULTS = {}

    def __call__(self, shape, dtype=None):
        return tf.ones(shape, dtype=_dtype(dtype))


class Identity(Initializer):
    """`gain` times the identity matrix (2-D shapes only). Its config is empty, as Keras
    3.15 writes it (the gain is not kept)."""

    __module__ = "keras.src.initializers.constant_initializers"
    _DEFAULTS = {"gain": 1.0}

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError(
                "Identity matrix initializer can only be used for 2D matrices. "
                f"Received: shape={shape} of rank {len(shape)}.")
        return self.gain * tf.eye(*shape, dtype=_dtype(dtype))


class RandomInitializer(Initializer):
    """An initializer with a seed: an int, a `SeedGenerator`, or one drawn now."""

    __module__ = "keras.src.initializers.random_initializers"

    def __init__(self, seed=None):
        self._init_seed = seed
        if seed is None:
            seed = random.make_default_seed()
        elif isinstance(seed, dict):
            from keras.src.saving import serialization_lib
            seed = serialization_lib.deserialize_keras_object(seed)
        elif not isinstance(seed, (int, random.SeedGenerator)):
            raise ValueError(
                "`seed` argument should be an instance of `keras.random.SeedGenerator()` "
                f"or an integer. Received: seed={seed}")
        self.seed = seed

    def get_config(self):
        from keras.src.saving import serialization_lib
        return {"seed": serialization_lib.serialize_keras_object(self._init_seed)}


class RandomNormal(RandomInitializer):
    _DEFAULTS = {"seed": None, "mean": 0.0, "stddev": 0.05}

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return random.normal(shape=shape, mean=self.mean, stddev=self.stddev,
                             seed=self.seed, dtype=dtype)

    def get_config(self):
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class TruncatedNormal(RandomInitializer):
    _DEFAULTS = {"seed": None, "mean": 0.0, "stddev": 0.05}

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return random.truncated_normal(shape=shape, mean=self.mean, stddev=self.stddev,
                                       seed=self.seed, dtype=dtype)

    def get_config(self):
        return {**super().get_config(), "mean": self.mean, "stddev": self.stddev}


class RandomUniform(RandomInitializer):
    _DEFAULTS = {"seed": None, "minval": -0.05, "maxval": 0.05}

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return random.uniform(shape=shape, minval=self.minval, maxval=self.maxval,
                              seed=self.seed, dtype=dtype)

    def get_config(self):
        return {**super().get_config(), "minval": self.minval, "maxval": self.maxval}


def compute_fans(shape, input_axes=None, output_axes=None):
    """`(fan_in, fan_out)` of a weight: a kernel's last two axes are its input and output
    depths, the axes before them its receptive field."""
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        fan_in = math.prod(shape[axis] for axis in input_axes)
        fan_out = math.prod(shape[axis] for axis in output_axes)
        return int(fan_in), int(fan_out)
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return int(shape[0]), int(shape[0])
    if len(shape) == 2:
        return int(shape[0]), int(shape[1])
    receptive_field = math.prod(shape[:-2])
    return int(shape[-2] * receptive_field), int(shape[-1] * receptive_field)


class VarianceScaling(RandomInitializer):
    """Draws with variance `scale` over a fan (`mode`), from `distribution`; the Glorot, He
    and LeCun initializers are this with fixed arguments."""

    _DEFAULTS = {"seed": None, "scale": 1.0, "mode": "fan_in",
                 "distribution": "truncated_normal", "input_axes": None, "output_axes": None}

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None,
                 input_axes=None, output_axes=None):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        allowed_modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in allowed_modes:
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of "
                             f"{allowed_modes}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        allowed_distributions = {"uniform", "truncated_normal", "untruncated_normal"}
        if distribution not in allowed_distributions:
            raise ValueError(f"Invalid `distribution` argument: {distribution}.Please use "
                             f"one of {allowed_distributions}")
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.input_axes = input_axes
        self.output_axes = output_axes
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        fan = {"fan_in": fan_in, "fan_out": fan_out,
               "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, fan)
        if self.distribution == "truncated_normal":
            # The stddev of a standard normal truncated at two standard deviations.
            stddev = math.sqrt(scale) / 0.87962566103423978
            return random.truncated_normal(shape, mean=0.0, stddev=stddev, dtype=dtype,
                                           seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random.normal(shape, mean=0.0, stddev=math.sqrt(scale), dtype=dtype,
                                 seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return random.uniform(shape, minval=-limit, maxval=limit, dtype=dtype, seed=self.seed)

    def get_config(self):
        return {**super().get_config(), "scale": self.scale, "mode": self.mode,
                "distribution": self.distribution, "input_axes": self.input_axes,
                "output_axes": self.output_axes}


def _fixed_scaling(name, scale, mode, distribution):
    """A `VarianceScaling` whose scale, mode and distribution are fixed (Glorot, He,
    LeCun): only the seed and the axes are arguments."""

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution,
                                 seed=seed, input_axes=input_axes, output_axes=output_axes)

    def get_config(self):
        from keras.src.saving import serialization_lib
        return {"seed": serialization_lib.serialize_keras_object(self._init_seed),
                "input_axes": self.input_axes, "output_axes": self.output_axes}

    return type(name, (VarianceScaling,), {
        "__init__": __init__, "get_config": get_config,
        "__module__": "keras.src.initializers.random_initializers",
        "_DEFAULTS": {"seed": None, "input_axes": None, "output_axes": None},
    })


GlorotUniform = _fixed_scaling("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _fixed_scaling("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
LecunNormal = _fixed_scaling("LecunNormal", 1.0, "fan_in", "truncated_normal")
LecunUniform = _fixed_scaling("LecunUniform", 1.0, "fan_in", "uniform")
HeNormal = _fixed_scaling("HeNormal", 2.0, "fan_in", "truncated_normal")
HeUniform = _fixed_scaling("HeUniform", 2.0, "fan_in", "uniform")


class Orthogonal(RandomInitializer):
    """An orthogonal matrix (the Q of a QR decomposition of a normal draw, its signs fixed
    so the decomposition is unique), times `gain`."""

    _DEFAULTS = {"seed": None, "gain": 1.0}

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        rows = math.prod(shape[:-1])
        cols = shape[-1]
        flat = (max(rows, cols), min(rows, cols))
        a = np.asarray(random.normal(flat, seed=self.seed, dtype=dtype), dtype="float64")
        q = np.zeros(flat)
        r = np.zeros((flat[1], flat[1]))
        for j in range(flat[1]):
            v = a[:, j].copy()
            for i in range(j):
                r[i, j] = q[:, i] @ v
                v = v - r[i, j] * q[:, i]
            r[j, j] = np.sqrt(v @ v)
            q[:, j] = v / r[j, j]
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return tf.constant((self.gain * q).reshape(shape), dtype=_dtype(dtype))

    def get_config(self):
        return {**super().get_config(), "gain": self.gain}


_CLASSES = (Initializer, Constant, Identity, Ones, Zeros, GlorotNormal, GlorotUniform,
            HeNormal, HeUniform, LecunNormal, LecunUniform, Orthogonal, RandomNormal,
            RandomUniform, TruncatedNormal, VarianceScaling)
_BY_NAME = {cls.__name__: cls for cls in _CLASSES}
_BY_NAME.update({backend.snake_case(cls.__name__): cls for cls in _CLASSES})
_BY_NAME.update({"IdentityInitializer": Identity, "normal": RandomNormal, "one": Ones,
                 "OrthogonalInitializer": Orthogonal, "uniform": RandomUniform,
                 "zero": Zeros})


def serialize_name(identifier):
    """The config of the initializer `identifier` names (`"glorot_uniform"`), made
    without constructing it (a random initializer would draw a seed)."""
    cls = _BY_NAME.get(identifier)
    if cls is None or not hasattr(cls, "_DEFAULTS"):
        return identifier
    return {"module": "keras.initializers", "class_name": cls.__name__,
            "config": dict(cls._DEFAULTS), "registered_name": None}


def serialize(initializer):
    from keras.src.saving import serialization_lib
    return serialization_lib.serialize_keras_object(initializer)


def deserialize(config, custom_objects=None):
    from keras.src.saving import serialization_lib
    return serialization_lib.deserialize_keras_object(
        config, module_objects=_BY_NAME, custom_objects=custom_objects)


def get(identifier):
    """An initializer from `None`, its name, a config, a class or a callable."""
    from keras.src.saving import serialization_lib
    return serialization_lib.get_object(identifier, "initializer", _BY_NAME, deserialize)
