"""Reshaping and image-preprocessing layers: `UpSampling1D`/`2D`, `ZeroPadding1D`/`2D`,
`Cropping1D`/`2D`, `Resizing`, `CenterCrop`."""

import tensorflow as tf

from keras.src import ops
from keras.src.layer import Layer


def _pair(value):
    return (value, value) if isinstance(value, int) else tuple(value)


def _padding_pairs(padding):
    if isinstance(padding, int):
        return ((padding, padding), (padding, padding))
    first, second = padding
    first = (first, first) if isinstance(first, int) else tuple(first)
    second = (second, second) if isinstance(second, int) else tuple(second)
    return first, second


class UpSampling1D(Layer):
    def __init__(self, size=2, **kwargs):
        super().__init__(**kwargs)
        self.size = size
        self.built = True

    def call(self, inputs):
        return ops.repeat(inputs, self.size, axis=1)


class UpSampling2D(Layer):
    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.size = _pair(size)
        self.interpolation = interpolation
        self.built = True

    def call(self, inputs):
        if self.interpolation == "nearest":
            x = ops.repeat(inputs, self.size[0], axis=1)
            return ops.repeat(x, self.size[1], axis=2)
        height = inputs.shape[1] * self.size[0]
        width = inputs.shape[2] * self.size[1]
        return tf.image.resize(inputs, (height, width), method=self.interpolation)


class ZeroPadding1D(Layer):
    def __init__(self, padding=1, **kwargs):
        super().__init__(**kwargs)
        self.padding = (padding, padding) if isinstance(padding, int) else tuple(padding)
        self.built = True

    def call(self, inputs):
        return tf.pad(inputs, [[0, 0], list(self.padding), [0, 0]])


class ZeroPadding2D(Layer):
    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.padding = _padding_pairs(padding)
        self.built = True

    def call(self, inputs):
        return tf.pad(inputs, [[0, 0], list(self.padding[0]), list(self.padding[1]), [0, 0]])


class Cropping1D(Layer):
    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(**kwargs)
        self.cropping = (cropping, cropping) if isinstance(cropping, int) else tuple(cropping)
        self.built = True

    def call(self, inputs):
        start, end = self.cropping
        return inputs[:, start:inputs.shape[1] - end, :]


class Cropping2D(Layer):
    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.cropping = _padding_pairs(cropping)
        self.built = True

    def call(self, inputs):
        (top, bottom), (left, right) = self.cropping
        return inputs[:, top:inputs.shape[1] - bottom, left:inputs.shape[2] - right, :]


class Resizing(Layer):
    _allow_non_tensor_positional_args = True

    def __init__(self, height, width, interpolation="bilinear", crop_to_aspect_ratio=False,
                 pad_to_aspect_ratio=False, fill_mode="constant", fill_value=0.0,
                 data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.height = height
        self.width = width
        self.interpolation = interpolation
        self.built = True

    def call(self, inputs):
        out = tf.image.resize(tf.cast(inputs, self.compute_dtype), (self.height, self.width),
                              method=self.interpolation)
        return tf.cast(out, self.compute_dtype)


class CenterCrop(Layer):
    _allow_non_tensor_positional_args = True

    def __init__(self, height, width, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.height = height
        self.width = width
        self.built = True

    def call(self, inputs):
        h, w = inputs.shape[-3], inputs.shape[-2]
        top = (h - self.height) // 2
        left = (w - self.width) // 2
        out = inputs[..., top:top + self.height, left:left + self.width, :]
        return tf.cast(out, self.compute_dtype)
