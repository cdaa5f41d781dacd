"""Regularization layers besides `Dropout`: `GaussianNoise`, `GaussianDropout`,
`SpatialDropout1D/2D/3D` (whole feature maps dropped) and `ActivityRegularization`, active
only in training as Keras's are."""

import math

from keras.src import regularizers
from keras.src import random as krandom
from keras.src import ops
from keras.src.layer import Layer


def _check_fraction(name, value):
    if not 0 <= value <= 1:
        raise ValueError(
            f"Invalid value received for argument `{name}`. Expected a float value "
            f"between 0 and 1. Received: {name}={value}")


class _RandomLayer(Layer):
    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self.seed_generator = krandom.SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def compute_output_shape(self, input_shape):
        return input_shape


class GaussianNoise(_RandomLayer):
    """Adds zero-centred normal noise of deviation `stddev` in training."""

    def __init__(self, stddev, seed=None, **kwargs):
        _check_fraction("stddev", stddev)
        super().__init__(seed=seed, **kwargs)
        self.stddev = stddev

    def call(self, inputs, training=False):
        if training and self.stddev > 0:
            return inputs + krandom.normal(shape=ops.shape(inputs), mean=0.0,
                                           stddev=self.stddev, dtype=self.compute_dtype,
                                           seed=self.seed_generator)
        return inputs


class GaussianDropout(_RandomLayer):
    """Multiplies by normal noise of mean 1 and deviation `sqrt(rate / (1 - rate))` in
    training."""

    def __init__(self, rate, seed=None, **kwargs):
        _check_fraction("rate", rate)
        super().__init__(seed=seed, **kwargs)
        self.rate = rate

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            stddev = math.sqrt(self.rate / (1.0 - self.rate))
            return inputs * krandom.normal(shape=ops.shape(inputs), mean=1.0, stddev=stddev,
                                           dtype=self.compute_dtype, seed=self.seed_generator)
        return inputs


class _SpatialDropout(_RandomLayer):
    def __init__(self, rate, seed=None, data_format=None, **kwargs):
        _check_fraction("rate", rate)
        super().__init__(seed=seed, **kwargs)
        self.rate = rate
        self.data_format = data_format or "channels_last"

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            return krandom.dropout(inputs, self.rate, noise_shape=self._noise_shape(inputs),
                                   seed=self.seed_generator)
        return inputs

    def _noise_shape(self, inputs):
        shape = ops.shape(inputs)
        kept = [1] * (len(shape) - 2)
        if self.data_format == "channels_first":
            return (shape[0], shape[1], *kept)
        return (shape[0], *kept, shape[-1])


class SpatialDropout1D(_SpatialDropout):
    """Drops whole channels of `(batch, steps, channels)` inputs in training."""

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)


class SpatialDropout2D(_SpatialDropout):
    """Drops whole feature maps of 4-D inputs in training."""


class SpatialDropout3D(_SpatialDropout):
    """Drops whole feature volumes of 5-D inputs in training."""


class ActivityRegularization(Layer):
    """Passes its input through, adding an L1/L2 penalty on it to the layer's losses."""

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.l1 = l1
        self.l2 = l2
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape
