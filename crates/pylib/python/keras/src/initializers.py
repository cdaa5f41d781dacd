"""`keras.initializers`: the initializer classes (for now the native ones `tf.keras` uses,
which draw Keras's exact random streams) and `get`, which resolves the names layers
accept (`"glorot_uniform"`, `"zeros"`, a class, an instance, a function)."""

import tensorflow as tf

_native = tf.keras.initializers

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
