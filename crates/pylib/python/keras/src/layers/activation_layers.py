"""Activation layers: `ReLU`, `LeakyReLU`, `Softmax`, `ELU`, `PReLU`-free basics."""

import tensorflow as tf

from keras.src.layer import Layer


class ReLU(Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.built = True

    def call(self, inputs):
        if self.max_value is None and not self.negative_slope and not self.threshold:
            return tf.nn.relu(inputs)
        out = tf.where(inputs > self.threshold, inputs,
                       self.negative_slope * (inputs - self.threshold))
        if self.max_value is not None:
            out = tf.minimum(out, self.max_value)
        return out


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
        super().__init__(**kwargs)
        self.negative_slope = negative_slope
        self.built = True

    def call(self, inputs):
        return tf.nn.leaky_relu(inputs, alpha=self.negative_slope)


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.built = True

    def call(self, inputs, mask=None):
        return tf.nn.softmax(inputs, axis=self.axis)


class ELU(Layer):
    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha
        self.built = True

    def call(self, inputs):
        return tf.nn.elu(inputs)
