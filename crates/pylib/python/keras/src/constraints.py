"""`keras.constraints`: functions applied to a weight after every optimizer update (the
optimizer assigns `constraint(variable)` back), as Keras 3 defines them."""

import tensorflow as tf

_EPSILON = 1e-7


class Constraint:
    __module__ = "keras.src.constraints.constraints"

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _norms(w, axis):
    return tf.sqrt(tf.reduce_sum(tf.square(w), axis=axis, keepdims=True))


class MaxNorm(Constraint):
    """Each weight vector along `axis` rescaled to a norm of at most `max_value`."""

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = tf.clip_by_value(norms, 0, self.max_value)
        return w * (desired / (_EPSILON + norms))

    def get_config(self):
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    """Negative weights set to zero."""

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        return tf.maximum(w, tf.cast(0, w.dtype))


class UnitNorm(Constraint):
    """Each weight vector along `axis` rescaled to norm 1."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        return tf.cast(w, norms.dtype) / (_EPSILON + norms)

    def get_config(self):
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    """Each weight vector along `axis` rescaled towards a norm in
    `[min_value, max_value]`, by `rate` of the way each step."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value = min_value
        self.max_value = max_value
        self.rate = rate
        self.axis = axis

    def __call__(self, w):
        w = tf.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = (self.rate * tf.clip_by_value(norms, self.min_value, self.max_value)
                   + (1 - self.rate) * norms)
        return w * (desired / (_EPSILON + norms))

    def get_config(self):
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate,
                "axis": self.axis}


for _cls in (MaxNorm, NonNeg, UnitNorm, MinMaxNorm):
    _cls.__module__ = "keras.src.constraints.constraints"

max_norm = MaxNorm
non_neg = NonNeg
unit_norm = UnitNorm
min_max_norm = MinMaxNorm

_BY_NAME = {cls.__name__: cls for cls in (Constraint, MaxNorm, MinMaxNorm, NonNeg, UnitNorm)}
_BY_NAME.update({"constraint": Constraint, "max_norm": MaxNorm, "min_max_norm": MinMaxNorm,
                 "non_neg": NonNeg, "unit_norm": UnitNorm})


def serialize(constraint):
    from keras.src.saving import serialization_lib
    return serialization_lib.serialize_keras_object(constraint)


def deserialize(config, custom_objects=None):
    from keras.src.saving import serialization_lib
    return serialization_lib.deserialize_keras_object(
        config, module_objects=_BY_NAME, custom_objects=custom_objects)


def get(identifier):
    """A constraint from `None`, its name (`"max_norm"`), a config or a callable."""
    from keras.src.saving import serialization_lib
    return serialization_lib.get_object(identifier, "constraint", _BY_NAME, deserialize)
