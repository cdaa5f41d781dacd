"""`keras.regularizers`: penalties on weights that `fit` adds to the loss (`L1`, `L2`,
`L1L2`, `OrthogonalRegularizer`-free basics), as Keras 3 computes them."""

import tensorflow as tf


class Regularizer:
    def __call__(self, x):
        return 0.0

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _validate_float(value, name):
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
        raise ValueError(f"Invalid value for argument {name}: expected a non-negative float."
                         f"Received: {name}={value}")
    return float(value)


class L1(Regularizer):
    def __init__(self, l1=0.01):
        l1 = 0.01 if l1 is None else l1
        # Keras keeps this factor as a float32 tensor (and the others as Python floats),
        # so its config gives the float32 value: L1(0.005) has l1 0.004999999888241291.
        self.l1 = tf.convert_to_tensor(_validate_float(l1, "l1"))

    def __call__(self, x):
        return tf.cast(self.l1, x.dtype) * tf.reduce_sum(tf.abs(x))

    def get_config(self):
        return {"l1": float(self.l1)}


class L2(Regularizer):
    def __init__(self, l2=0.01):
        l2 = 0.01 if l2 is None else l2
        self.l2 = _validate_float(l2, "l2")

    def __call__(self, x):
        return self.l2 * tf.reduce_sum(tf.square(x))

    def get_config(self):
        return {"l2": self.l2}


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _validate_float(0.0 if l1 is None else l1, "l1")
        self.l2 = _validate_float(0.0 if l2 is None else l2, "l2")

    def __call__(self, x):
        total = 0.0
        if self.l1:
            total += self.l1 * tf.reduce_sum(tf.abs(x))
        if self.l2:
            total += self.l2 * tf.reduce_sum(tf.square(x))
        return total

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


l1 = L1
l2 = L2
l1_l2 = L1L2

# Keras's names: each class's and its snake case (`l1l2`; `l1_l2` is only the module's alias).
_BY_NAME = {"Regularizer": Regularizer, "regularizer": Regularizer, "L1": L1, "l1": L1,
            "L2": L2, "l2": L2, "L1L2": L1L2, "l1l2": L1L2}


def serialize(regularizer):
    from keras.src.saving import serialization_lib
    return serialization_lib.serialize_keras_object(regularizer)


def deserialize(config, custom_objects=None):
    from keras.src.saving import serialization_lib
    return serialization_lib.deserialize_keras_object(
        config, module_objects=_BY_NAME, custom_objects=custom_objects)


def get(identifier):
    """A regularizer from `None`, its name (`"l2"`), a config or a callable."""
    from keras.src.saving import serialization_lib
    return serialization_lib.get_object(identifier, "regularizer", _BY_NAME, deserialize)
