"""`keras.initializers`: the initializer classes (for now the native ones `tf.keras` uses,
which draw Keras's exact random streams) and `get`, which resolves the names layers
accept (`"glorot_uniform"`, `"zeros"`, a class, an instance, a function)."""

import _keras_native

_native = _keras_native.initializers


def _configurable(native, parameters):
    """The native initializer class `native`, with the `get_config` Keras gives it (the
    constructor's `parameters`, `(name, default)` in order)."""

    def __init__(self, *args, **kwargs):
        native.__init__(self, *args, **kwargs)
        config = dict(parameters)
        config.update(zip([name for name, _ in parameters], args))
        config.update(kwargs)
        self._config = config

    def get_config(self):
        return dict(self._config)

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    return type(native.__name__, (native,), {
        "__init__": __init__, "get_config": get_config, "from_config": from_config,
        "__module__": "keras.src.initializers", "_PARAMETERS": parameters,
    })


def serialize_name(identifier):
    """The config of the initializer `identifier` names (`"glorot_uniform"`), made
    without constructing it (a random initializer would draw a seed)."""
    cls = _BY_NAME.get(identifier)
    if cls is None or not hasattr(cls, "_PARAMETERS"):
        return identifier
    return {"module": "keras.initializers", "class_name": cls.__name__,
            "config": dict(cls._PARAMETERS), "registered_name": None}


_SEED = (("seed", None),)
Zeros = _configurable(_native.Zeros, ())
Ones = _configurable(_native.Ones, ())
class Constant:
    """`keras.initializers.Constant(value)`: `value` (a number or an array that broadcasts
    to the shape) cast to the dtype, times ones, as Keras computes it."""

    __module__ = "keras.src.initializers.constant_initializers"
    _PARAMETERS = (("value", 0.0),)

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        import tensorflow as tf
        from keras.src import backend
        dtype = backend.standardize_dtype(dtype or backend.floatx())
        return tf.cast(self.value, dtype=dtype) * tf.ones(shape=shape, dtype=dtype)

    def get_config(self):
        return {"value": self.value}

    @classmethod
    def from_config(cls, config):
        return cls(**config)
GlorotUniform = _configurable(_native.GlorotUniform, _SEED)
GlorotNormal = _configurable(_native.GlorotNormal, _SEED)
HeUniform = _configurable(_native.HeUniform, _SEED)
HeNormal = _configurable(_native.HeNormal, _SEED)
RandomNormal = _configurable(_native.RandomNormal,
                             (("mean", 0.0), ("stddev", 0.05), ("seed", None)))
RandomUniform = _configurable(_native.RandomUniform,
                              (("minval", -0.05), ("maxval", 0.05), ("seed", None)))
TruncatedNormal = _configurable(_native.TruncatedNormal,
                                (("mean", 0.0), ("stddev", 0.05), ("seed", None)))
VarianceScaling = _configurable(_native.VarianceScaling,
                                (("scale", 1.0), ("mode", "fan_in"),
                                 ("distribution", "truncated_normal"), ("seed", None)))


class LecunNormal(VarianceScaling):
    """`VarianceScaling(1.0, "fan_in", "truncated_normal")`."""

    def __init__(self, seed=None):
        super().__init__(scale=1.0, mode="fan_in", distribution="truncated_normal", seed=seed)
        self._config = {"seed": seed}


class LecunUniform(VarianceScaling):
    """`VarianceScaling(1.0, "fan_in", "uniform")`."""

    def __init__(self, seed=None):
        super().__init__(scale=1.0, mode="fan_in", distribution="uniform", seed=seed)
        self._config = {"seed": seed}

_BY_NAME = {
    "zeros": Zeros, "zero": Zeros, "ones": Ones, "one": Ones, "constant": Constant,
    "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal,
    "he_uniform": HeUniform, "he_normal": HeNormal,
    "random_normal": RandomNormal, "random_uniform": RandomUniform,
    "truncated_normal": TruncatedNormal, "variance_scaling": VarianceScaling,
    "lecun_normal": LecunNormal, "lecun_uniform": LecunUniform,
}
for _cls in list(_BY_NAME.values()):
    _BY_NAME[_cls.__name__] = _cls


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier)
        if cls is None:
            raise ValueError(
                f"Could not interpret initializer identifier: {identifier}"
            )
        return cls()
    if isinstance(identifier, dict):
        cls = _BY_NAME[identifier["class_name"]]
        return cls(**identifier.get("config", {}))
    if isinstance(identifier, type):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")


class Orthogonal:
    """An orthogonal matrix (the Q of a QR decomposition of a normal draw, its signs fixed
    so the decomposition is unique), times `gain`."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        self.seed = seed
        self._normal = RandomNormal(mean=0.0, stddev=1.0, seed=seed)

    def __call__(self, shape, dtype=None):
        import numpy as np
        import tensorflow as tf

        rows = 1
        for dim in shape[:-1]:
            rows *= dim
        cols = shape[-1]
        flat = (max(rows, cols), min(rows, cols))
        a = np.asarray(self._normal(flat, dtype="float32"), dtype="float64")
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
        return tf.constant((self.gain * q).reshape(shape), dtype=dtype or "float32")

    def get_config(self):
        return {"gain": self.gain, "seed": self.seed}


_BY_NAME["orthogonal"] = Orthogonal
# Keras's aliases.
_BY_NAME["uniform"] = RandomUniform
_BY_NAME["normal"] = RandomNormal
_BY_NAME["Orthogonal"] = Orthogonal
