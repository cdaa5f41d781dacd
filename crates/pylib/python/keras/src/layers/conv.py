"""Convolution and pooling layers (channels last): `Conv1D`, `Conv2D`, the max and
average poolings and the global poolings."""

import tensorflow as tf

from keras.src import activations, initializers
from keras.src.layer import Layer


def _tuple(value, rank):
    if isinstance(value, int):
        return (value,) * rank
    return tuple(value)


class _Conv(Layer):
    rank = 2

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, groups=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.filters = filters
        self.kernel_size = _tuple(kernel_size, self.rank)
        self.strides = _tuple(strides, self.rank)
        self.padding = padding.lower()
        self.dilation_rate = _tuple(dilation_rate, self.rank)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = kernel_regularizer

    def build(self, input_shape):
        channels = input_shape[-1]
        self.kernel = self.add_weight(name="kernel",
                                      shape=self.kernel_size + (channels, self.filters),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,),
                                        initializer=self.bias_initializer)
        self.built = True

    def call(self, inputs):
        if self.rank == 1:
            # As TensorFlow runs a 1-D convolution: a 2-D one over a height of 1.
            x = tf.nn.conv2d(tf.expand_dims(inputs, 1), tf.expand_dims(self.kernel, 0),
                             strides=[1, 1, self.strides[0], 1], padding=self.padding.upper(),
                             dilations=[1, 1, self.dilation_rate[0], 1])
            x = tf.squeeze(x, [1])
        elif self.rank == 2:
            x = tf.nn.conv2d(inputs, self.kernel, strides=[1, *self.strides, 1],
                             padding=self.padding.upper(),
                             dilations=[1, *self.dilation_rate, 1])
        else:
            raise NotImplementedError(
                f"{type(self).__name__} is not available in this playground yet."
            )
        if self.bias is not None:
            x = tf.add(x, self.bias)
        if self.activation is not activations.linear:
            x = self.activation(x)
        return x


class Conv1D(_Conv):
    rank = 1


class Conv2D(_Conv):
    rank = 2


class Conv3D(_Conv):
    rank = 3


class _Pooling(Layer):
    rank = 2
    kind = "max"

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.pool_size = _tuple(pool_size, self.rank)
        self.strides = _tuple(strides, self.rank) if strides is not None else self.pool_size
        self.padding = padding.lower()
        self.built = True

    def call(self, inputs):
        pool = tf.nn.max_pool if self.kind == "max" else tf.nn.avg_pool
        if self.rank == 1:
            x = pool(tf.expand_dims(inputs, 1), [1, self.pool_size[0]], [1, self.strides[0]],
                     self.padding.upper())
            return tf.squeeze(x, [1])
        return pool(inputs, list(self.pool_size), list(self.strides), self.padding.upper())


class MaxPooling1D(_Pooling):
    rank = 1


class MaxPooling2D(_Pooling):
    rank = 2


class AveragePooling1D(_Pooling):
    rank = 1
    kind = "avg"


class AveragePooling2D(_Pooling):
    rank = 2
    kind = "avg"


MaxPool1D = MaxPooling1D
MaxPool2D = MaxPooling2D
AvgPool2D = AveragePooling2D


class _GlobalPooling(Layer):
    rank = 2
    kind = "avg"

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.keepdims = keepdims
        self.built = True

    def call(self, inputs):
        axes = list(range(1, self.rank + 1))
        reduce = tf.reduce_mean if self.kind == "avg" else tf.reduce_max
        return reduce(inputs, axis=axes, keepdims=self.keepdims)


class GlobalAveragePooling1D(_GlobalPooling):
    rank = 1


class GlobalAveragePooling2D(_GlobalPooling):
    rank = 2


class GlobalMaxPooling1D(_GlobalPooling):
    rank = 1
    kind = "max"


class GlobalMaxPooling2D(_GlobalPooling):
    rank = 2
    kind = "max"
