"""`keras.initializers`: the initializer classes (for now the native ones `tf.keras` uses,
which draw Keras's exact random streams) and `get`, which resolves the names layers
accept (`"glorot_uniform"`, `"zeros"`, a class, an instance, a function)."""

import _keras_native

_native = _keras_native.initializers

Zeros = _native.Zeros
Ones = _native.Ones
Constant = _native.Constant
GlorotUniform = _native.GlorotUniform
GlorotNormal = _native.GlorotNormal
HeUniform = _native.HeUniform
HeNormal = _native.HeNormal
RandomNormal = _native.RandomNormal
RandomUniform = _native.RandomUniform

_BY_NAME = {
    "zeros": Zeros, "zero": Zeros, "ones": Ones, "one": Ones, "constant": Constant,
    "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal,
    "he_uniform": HeUniform, "he_normal": HeNormal,
    "random_normal": RandomNormal, "random_uniform": RandomUniform,
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
_BY_NAME["Orthogonal"] = Orthogonal
