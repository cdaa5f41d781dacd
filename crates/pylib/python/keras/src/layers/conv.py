"""Convolution and pooling layers (channels last): `Conv1D`, `Conv2D`, `Conv2DTranspose`, the max and
average poolings and the global poolings."""

import tensorflow as tf

from keras.src.input_spec import InputSpec
from keras.src import activations, constraints, initializers, regularizers
from keras.src.layer import Layer


def standardize_tuple(value, n, name, allow_zero=False):
    """An integer or `n` integers as a tuple of `n`, with Keras's errors."""
    error_msg = f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}"
    if isinstance(value, int):
        value_tuple = (value,) * n
    else:
        try:
            value_tuple = tuple(value)
        except TypeError:
            raise ValueError(error_msg)
        if len(value_tuple) != n:
            raise ValueError(error_msg)
        for single_value in value_tuple:
            try:
                int(single_value)
            except (ValueError, TypeError):
                error_msg += (f"including element {single_value} of type "
                              f"{type(single_value)}")
                raise ValueError(error_msg)
    if allow_zero:
        unqualified = {v for v in value_tuple if v < 0}
        req_msg = ">= 0"
    else:
        unqualified = {v for v in value_tuple if v <= 0}
        req_msg = "> 0"
    if unqualified:
        error_msg += f", including values {unqualified} that do not satisfy `value {req_msg}`"
        raise ValueError(error_msg)
    return value_tuple


def standardize_padding(value, allow_causal=False):
    if isinstance(value, (list, tuple)):
        return value
    padding = value.lower()
    allowed = {"valid", "same", "causal"} if allow_causal else {"valid", "same"}
    if padding not in allowed:
        raise ValueError(
            f"The `padding` argument must be a list/tuple or one of {allowed}. "
            f"Received: {padding}"
        )
    return padding


def standardize_data_format(data_format):
    if data_format is None:
        from keras.src import backend
        return backend.image_data_format()
    data_format = str(data_format).lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(
            "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
            f"Received: data_format={data_format}"
        )
    return data_format


class _Conv(Layer):
    rank = 2
    transpose = False

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, groups=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, output_padding=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        rank = self.rank
        self.filters = filters
        self.groups = groups
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding, allow_causal=rank == 1)
        self.data_format = standardize_data_format(data_format)
        self.output_padding = (None if output_padding is None else
                               standardize_tuple(output_padding, rank, "output_padding",
                                                 allow_zero=True))
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.input_spec = InputSpec(min_ndim=rank + 2)
        if self.filters is not None and self.filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly positive value. "
                f"Received filters={self.filters}."
            )
        if self.groups <= 0:
            raise ValueError(
                f"The number of groups must be a positive integer. Received: groups={self.groups}."
            )
        if self.filters is not None and self.filters % self.groups != 0:
            raise ValueError(
                "The number of filters must be evenly divisible by the number of groups. "
                f"Received: groups={self.groups}, filters={self.filters}."
            )
        if not all(self.kernel_size):
            raise ValueError(
                f"The argument `kernel_size` cannot contain 0. Received "
                f"kernel_size={self.kernel_size}."
            )
        if not all(self.strides):
            raise ValueError(
                f"The argument `strides` cannot contains 0. Received strides={self.strides}"
            )
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(
                "`strides > 1` not supported in conjunction with `dilation_rate > 1`. "
                f"Received: strides={self.strides} and dilation_rate={self.dilation_rate}"
            )

    def build(self, input_shape):
        channels = input_shape[-1] if self.data_format == "channels_last" else input_shape[1]
        channel_axis = -1 if self.data_format == "channels_last" else 1
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={channel_axis: channels})
        if self.transpose:
            shape = self.kernel_size + (self.filters, channels)
        else:
            shape = self.kernel_size + (channels // self.groups, self.filters)
        self.kernel = self.add_weight(name="kernel", shape=shape,
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,),
                                        initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint)
        self.built = True

    def get_config(self):
        config = {"filters": self.filters, "kernel_size": self.kernel_size,
                  "strides": self.strides, "padding": self.padding}
        if self.transpose:
            config["output_padding"] = self.output_padding
        config.update({"data_format": self.data_format, "dilation_rate": self.dilation_rate})
        if not self.transpose:
            config["groups"] = self.groups
        config.update({
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            **self._serialized("kernel_initializer", "bias_initializer", "kernel_regularizer",
                               "bias_regularizer", "activity_regularizer",
                               "kernel_constraint", "bias_constraint"),
        })
        return {**self._base_config(), **config}

    def _unsupported(self, what):
        return NotImplementedError(
            f"{type(self).__name__} with {what} is not available in this playground yet."
        )

    def _convolve(self, inputs):
        if self.data_format != "channels_last":
            raise self._unsupported("data_format='channels_first'")
        if self.groups != 1:
            raise self._unsupported("groups > 1")
        padding = self.padding.upper()
        if self.rank == 1:
            if padding == "CAUSAL":
                left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
                inputs = tf.pad(inputs, [[0, 0], [left, 0], [0, 0]])
                padding = "VALID"
            # As TensorFlow runs a 1-D convolution: a 2-D one over a height of 1.
            x = tf.nn.conv2d(tf.expand_dims(inputs, 1), tf.expand_dims(self.kernel, 0),
                             strides=[1, 1, self.strides[0], 1], padding=padding,
                             dilations=[1, 1, self.dilation_rate[0], 1])
            return tf.squeeze(x, [1])
        if self.rank == 2:
            return tf.nn.conv2d(inputs, self.kernel, strides=[1, *self.strides, 1],
                                padding=padding, dilations=[1, *self.dilation_rate, 1])
        raise self._unsupported(f"rank {self.rank}")

    def _convolve_transpose(self, inputs):
        if self.data_format != "channels_last" or self.rank != 2:
            raise self._unsupported("this configuration")
        static = list(inputs.shape)
        dynamic = tf.shape(inputs)
        sizes = [dynamic[i] if d is None else d for i, d in enumerate(static)]
        out = [sizes[0]]
        for i in range(self.rank):
            out.append(_transpose_length(sizes[i + 1], self.kernel_size[i], self.strides[i],
                                         self.padding,
                                         None if self.output_padding is None
                                         else self.output_padding[i],
                                         self.dilation_rate[i]))
        out.append(self.filters)
        return tf.nn.conv2d_transpose(inputs, self.kernel, out, strides=[1, *self.strides, 1],
                                      padding=self.padding.upper(),
                                      dilations=[1, *self.dilation_rate, 1])

    def call(self, inputs):
        x = self._convolve_transpose(inputs) if self.transpose else self._convolve(inputs)
        if self.bias is not None:
            x = tf.add(x, self.bias)
        if self.activation is not activations.linear:
            x = self.activation(x)
        return x


def _transpose_length(size, kernel, stride, padding, output_padding, dilation):
    """Keras's output length of a transposed convolution along one axis."""
    kernel = (kernel - 1) * dilation + 1
    if padding == "valid":
        if output_padding is None:
            output_padding = max(kernel, stride) - kernel
        return (size - 1) * stride + kernel + output_padding
    if output_padding is None:
        return size * stride
    return (size - 1) * stride + kernel - 2 * (kernel // 2) + output_padding


class Conv1D(_Conv):
    rank = 1


class Conv2D(_Conv):
    rank = 2


class Conv3D(_Conv):
    rank = 3


class Conv2DTranspose(_Conv):
    rank = 2
    transpose = True


class _DepthwiseBase(Layer):
    """What `DepthwiseConv2D` and `SeparableConv2D` share: the window's arguments, and the
    depthwise convolution (`tf.nn.depthwise_conv2d`), channels last."""

    def _window_arguments(self, kernel_size, strides, padding, data_format, dilation_rate,
                          depth_multiplier):
        self.depth_multiplier = depth_multiplier
        self.kernel_size = standardize_tuple(kernel_size, 2, "kernel_size")
        self.strides = standardize_tuple(strides, 2, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, 2, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=4)
        if self.depth_multiplier is not None and self.depth_multiplier <= 0:
            raise ValueError(
                "Invalid value for argument `depth_multiplier`. Expected a strictly positive "
                f"value. Received depth_multiplier={self.depth_multiplier}."
            )
        if not all(self.kernel_size):
            raise ValueError(
                f"The argument `kernel_size` cannot contain 0. Received "
                f"kernel_size={self.kernel_size}."
            )
        if not all(self.strides):
            raise ValueError(
                f"The argument `strides` cannot contains 0. Received strides={self.strides}"
            )

    def _input_channel(self, input_shape):
        if self.data_format != "channels_last":
            raise NotImplementedError(
                f"{type(self).__name__} with data_format='channels_first' is not available in "
                "this playground yet."
            )
        return input_shape[-1]

    def _depthwise(self, inputs, kernel):
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise NotImplementedError(
                f"{type(self).__name__} with both strides and a dilation rate above 1 is not "
                "available in this playground yet."
            )
        return tf.nn.depthwise_conv2d(inputs, kernel, strides=[1, *self.strides, 1],
                                      padding=self.padding.upper(),
                                      dilations=list(self.dilation_rate))

    def _finish(self, x):
        if self.bias is not None:
            x = tf.add(x, self.bias)
        if self.activation is not activations.linear:
            x = self.activation(x)
        return x


class DepthwiseConv2D(_DepthwiseBase):
    """Each input channel convolved with its own `depth_multiplier` filters (MobileNet's and
    EfficientNet's blocks): kernel `(kh, kw, channels, depth_multiplier)`."""

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1,
                 data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True,
                 depthwise_initializer="glorot_uniform", bias_initializer="zeros",
                 depthwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self._window_arguments(kernel_size, strides, padding, data_format, dilation_rate,
                               depth_multiplier)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.depthwise_regularizer = depthwise_regularizer
        self.bias_regularizer = bias_regularizer
        self.depthwise_constraint = depthwise_constraint
        self.bias_constraint = bias_constraint

    def build(self, input_shape):
        channels = self._input_channel(input_shape)
        self.kernel = self.add_weight(
            name="kernel", shape=self.kernel_size + (channels, self.depth_multiplier),
            initializer=self.depthwise_initializer, regularizer=self.depthwise_regularizer,
            constraint=self.depthwise_constraint)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias", shape=(self.depth_multiplier * channels,),
                initializer=self.bias_initializer, regularizer=self.bias_regularizer,
                constraint=self.bias_constraint)
        self.built = True

    def call(self, inputs):
        return self._finish(self._depthwise(inputs, self.kernel))


class SeparableConv2D(_DepthwiseBase):
    """A depthwise convolution followed by a 1×1 convolution to `filters` channels
    (`tf.nn.separable_conv2d`): weights `depthwise_kernel`, `pointwise_kernel` and `bias`."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid",
                 data_format=None, dilation_rate=(1, 1), depth_multiplier=1, activation=None,
                 use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros",
                 depthwise_regularizer=None, pointwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None,
                 pointwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self._window_arguments(kernel_size, strides, padding, data_format, dilation_rate,
                               depth_multiplier)
        self.filters = filters
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.depthwise_regularizer = depthwise_regularizer
        self.pointwise_regularizer = pointwise_regularizer
        self.bias_regularizer = bias_regularizer
        self.depthwise_constraint = depthwise_constraint
        self.pointwise_constraint = pointwise_constraint
        self.bias_constraint = bias_constraint
        if self.filters is not None and self.filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly positive value. "
                f"Received filters={self.filters}."
            )

    def build(self, input_shape):
        channels = self._input_channel(input_shape)
        self.depthwise_kernel = self.add_weight(
            name="depthwise_kernel",
            shape=self.kernel_size + (channels, self.depth_multiplier),
            initializer=self.depthwise_initializer, regularizer=self.depthwise_regularizer,
            constraint=self.depthwise_constraint)
        self.pointwise_kernel = self.add_weight(
            name="pointwise_kernel",
            shape=(1, 1, self.depth_multiplier * channels, self.filters),
            initializer=self.pointwise_initializer, regularizer=self.pointwise_regularizer,
            constraint=self.pointwise_constraint)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    def call(self, inputs):
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise NotImplementedError(
                "SeparableConv2D with both strides and a dilation rate above 1 is not "
                "available in this playground yet."
            )
        x = tf.nn.separable_conv2d(inputs, self.depthwise_kernel, self.pointwise_kernel,
                                   strides=[1, *self.strides, 1],
                                   padding=self.padding.upper(),
                                   dilations=list(self.dilation_rate))
        return self._finish(x)


Convolution1D = Conv1D
Convolution2D = Conv2D
SeparableConvolution2D = SeparableConv2D


class _Pooling(Layer):
    rank = 2
    kind = "max"

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.pool_size = standardize_tuple(pool_size, self.rank, "pool_size")
        strides = pool_size if strides is None else strides
        self.strides = standardize_tuple(strides, self.rank, "strides", allow_zero=True)
        self.padding = standardize_padding(padding)
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=self.rank + 2)
        self.built = True

    def get_config(self):
        return {**self._base_config(), "pool_size": self.pool_size, "padding": self.padding,
                "strides": self.strides, "data_format": self.data_format}

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
AvgPool1D = AveragePooling1D
AvgPool2D = AveragePooling2D


class _GlobalPooling(Layer):
    rank = 2
    kind = "avg"

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.keepdims = keepdims
        self.supports_masking = True
        self.input_spec = InputSpec(ndim=self.rank + 2)
        self.built = True

    def call(self, inputs, mask=None):
        # The spatial axes: after the batch, before or after the channels.
        first = 2 if self.data_format == "channels_first" else 1
        axes = list(range(first, first + self.rank))
        if mask is not None and self.rank == 1 and self.kind == "avg" and first == 1:
            # Keras's masked average over the steps.
            mask = tf.expand_dims(tf.cast(mask, inputs.dtype), 2)
            inputs = inputs * mask
            return (tf.reduce_sum(inputs, axis=1, keepdims=self.keepdims)
                    / tf.reduce_sum(mask, axis=1, keepdims=self.keepdims))
        reduce = tf.reduce_mean if self.kind == "avg" else tf.reduce_max
        return reduce(inputs, axis=axes, keepdims=self.keepdims)

    def compute_mask(self, inputs, mask=None):
        return None

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format, "keepdims": self.keepdims})
        return config


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


class GlobalAveragePooling3D(_GlobalPooling):
    rank = 3


class GlobalMaxPooling3D(_GlobalPooling):
    rank = 3
    kind = "max"


GlobalAvgPool1D = GlobalAveragePooling1D
GlobalAvgPool2D = GlobalAveragePooling2D
GlobalMaxPool1D = GlobalMaxPooling1D
GlobalMaxPool2D = GlobalMaxPooling2D
GlobalAvgPool3D = GlobalAveragePooling3D
GlobalMaxPool3D = GlobalMaxPooling3D
Convolution3D = Conv3D
Convolution2DTranspose = Conv2DTranspose
