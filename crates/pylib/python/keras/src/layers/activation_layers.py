"""Activation layers: `ReLU`, `LeakyReLU`, `Softmax`, `ELU` and `PReLU`."""

import tensorflow as tf

from keras.src import initializers
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
        res = tf.nn.elu(inputs)
        if self.alpha == 1:
            return res
        return tf.where(inputs > 0, res, self.alpha * res)


class PReLU(Layer):
    """A leaky ReLU whose negative slope `alpha` is learned, one per input element (shared
    along `shared_axes`)."""

    def __init__(self, alpha_initializer="Zeros", alpha_regularizer=None, alpha_constraint=None,
                 shared_axes=None, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = alpha_regularizer
        self.alpha_constraint = alpha_constraint
        if shared_axes is None or isinstance(shared_axes, (list, tuple)):
            self.shared_axes = shared_axes
        else:
            self.shared_axes = [shared_axes]

    def build(self, input_shape):
        param_shape = list(input_shape[1:])
        if self.shared_axes is not None:
            for axis in self.shared_axes:
                param_shape[axis - 1] = 1
        self.alpha = self.add_weight(shape=param_shape, name="alpha",
                                     initializer=self.alpha_initializer,
                                     regularizer=self.alpha_regularizer)
        self.built = True

    def call(self, inputs):
        pos = tf.nn.relu(inputs)
        neg = -self.alpha * tf.nn.relu(-inputs)
        return pos + neg

    def compute_output_shape(self, input_shape):
        return input_shape
