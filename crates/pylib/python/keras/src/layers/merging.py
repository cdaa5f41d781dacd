"""Merge layers, called on a list of tensors: `Add`, `Subtract`, `Multiply`, `Average`,
`Maximum`, `Minimum`, `Concatenate`."""

import tensorflow as tf

from keras.src.layer import Layer


class _Merge(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.built = True

    def call(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = self._merge(out, x)
        return out


class Add(_Merge):
    def _merge(self, a, b):
        return tf.add(a, b)


class Subtract(_Merge):
    def call(self, inputs):
        if len(inputs) != 2:
            raise ValueError(
                "A `Subtract` layer should be called on exactly 2 inputs. "
                f"Received: inputs={inputs}"
            )
        return tf.subtract(inputs[0], inputs[1])


class Multiply(_Merge):
    def _merge(self, a, b):
        return tf.multiply(a, b)


class Maximum(_Merge):
    def _merge(self, a, b):
        return tf.maximum(a, b)


class Minimum(_Merge):
    def _merge(self, a, b):
        return tf.minimum(a, b)


class Average(_Merge):
    def call(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = tf.add(out, x)
        return out / len(inputs)


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        return tf.concat(list(inputs), axis=self.axis)


def add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)
