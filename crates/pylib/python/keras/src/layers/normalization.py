"""Normalization layers: `BatchNormalization` (batch statistics in training, moving
averages otherwise), `LayerNormalization`, and `Normalization` (a preprocessing layer
whose mean and variance `adapt` learns from data)."""

import itertools

import numpy as np
import tensorflow as tf

from keras.src.input_spec import InputSpec
from keras.src import backend, initializers, ops
from keras.src.layer import Layer


class BatchNormalization(Layer):
    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones",
                 moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, synchronized=False, **kwargs):
        super().__init__(**kwargs)
        self.axis = int(axis)
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.supports_masking = True

    def build(self, input_shape):
        rank = len(input_shape)
        axis = self.axis % rank
        shape = (input_shape[axis],)
        self.input_spec = InputSpec(ndim=rank, axes={self.axis: input_shape[self.axis]})
        self.gamma = self.add_weight(shape=shape, name="gamma",
                                     initializer=self.gamma_initializer) if self.scale else None
        self.beta = self.add_weight(shape=shape, name="beta",
                                    initializer=self.beta_initializer) if self.center else None
        self.moving_mean = self.add_weight(shape=shape, name="moving_mean",
                                           initializer=self.moving_mean_initializer,
                                           trainable=False)
        self.moving_variance = self.add_weight(shape=shape, name="moving_variance",
                                               initializer=self.moving_variance_initializer,
                                               trainable=False)
        self._reduction_axes = [i for i in range(rank) if i != axis]
        self._axis = axis
        self._rank = rank
        self.built = True

    def _broadcast(self, v):
        if v is None or self._axis == self._rank - 1:
            return v
        shape = [1] * self._rank
        shape[self._axis] = -1
        return tf.reshape(v, shape)

    def call(self, inputs, training=None, mask=None):
        compute = backend.result_type(inputs.dtype.name, "float32")
        inputs = tf.cast(inputs, compute)
        moving_mean = tf.cast(self.moving_mean, inputs.dtype)
        moving_variance = tf.cast(self.moving_variance, inputs.dtype)
        gamma = tf.cast(self.gamma, inputs.dtype) if self.scale else None
        beta = tf.cast(self.beta, inputs.dtype) if self.center else None
        if training and self.trainable:
            mean, variance = tf.nn.moments(inputs, self._reduction_axes)
            self.moving_mean.assign(moving_mean * self.momentum + mean * (1.0 - self.momentum))
            self.moving_variance.assign(
                moving_variance * self.momentum + variance * (1.0 - self.momentum))
        else:
            mean, variance = moving_mean, moving_variance
        outputs = tf.nn.batch_normalization(
            inputs, self._broadcast(mean), self._broadcast(variance), self._broadcast(beta),
            self._broadcast(gamma), self.epsilon)
        return tf.cast(outputs, self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "momentum": self.momentum, "epsilon": self.epsilon,
                       "center": self.center, "scale": self.scale})
        return config


class LayerNormalization(Layer):
    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, rms_scaling=False,
                 beta_initializer="zeros", gamma_initializer="ones", beta_regularizer=None,
                 gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.axis = axis if isinstance(axis, int) else list(axis)
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.supports_masking = True

    def build(self, input_shape):
        axes = [self.axis] if isinstance(self.axis, int) else self.axis
        shape = tuple(input_shape[a] for a in axes)
        self.gamma = self.add_weight(shape=shape, name="gamma",
                                     initializer=self.gamma_initializer) if self.scale else None
        self.beta = self.add_weight(shape=shape, name="beta",
                                    initializer=self.beta_initializer) if self.center else None
        self.built = True

    def call(self, inputs):
        x = tf.cast(inputs, backend.result_type(inputs.dtype.name, "float32"))
        ndims = len(x.shape)
        axes = sorted(a % ndims for a in ([self.axis] if isinstance(self.axis, int) else self.axis))
        shape = [1] * ndims
        for a in axes:
            shape[a] = x.shape[a]

        def broadcast(v):
            if v is not None and len(v.shape) != ndims and axes != [ndims - 1]:
                return tf.reshape(v, shape)
            return v

        gamma = None if self.gamma is None else tf.cast(broadcast(self.gamma), x.dtype)
        beta = None if self.beta is None else tf.cast(broadcast(self.beta), x.dtype)
        if self.rms_scaling:
            variance = tf.math.reduce_variance(x, axis=axes, keepdims=True)
            outputs = x * tf.math.rsqrt(variance + self.epsilon)
            if gamma is not None:
                outputs = outputs * gamma
        else:
            mean, variance = tf.nn.moments(x, axes, keepdims=True)
            inv = tf.math.rsqrt(variance + self.epsilon)
            if gamma is not None:
                inv = inv * gamma
            res = -mean * inv
            if beta is not None:
                res = res + beta
            outputs = x * inv + res
        return tf.cast(outputs, self.compute_dtype)


def _extract_batch(batch):
    """A batch's inputs: the first entry of an `(x, y)` or `(x, y, sample_weight)`."""
    return batch[0] if isinstance(batch, tuple) else batch


def _float_dtypes(x):
    """Keras's `mean`/`var` dtypes: computed in at least float32, returned in the input's
    float dtype (float32 for integers)."""
    compute = tf.float64 if x.dtype == tf.float64 else tf.float32
    result = x.dtype if x.dtype.is_floating else compute
    return compute, result


def _mean(x, axes):
    compute, result = _float_dtypes(x)
    return tf.cast(tf.reduce_mean(tf.cast(x, compute), axis=axes), result)


def _variance(x, axes):
    compute, result = _float_dtypes(x)
    return tf.cast(tf.math.reduce_variance(tf.cast(x, compute), axis=axes), result)


class Normalization(Layer):
    """Standardizes features with a mean and variance given, or learnt by `adapt`."""

    _allow_non_tensor_positional_args = True

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis or ())
        self.invert = invert
        self.input_mean = mean
        self.input_variance = variance
        self._adapted = mean is not None

    def build(self, input_shape):
        if input_shape is None:
            return
        ndim = len(input_shape)
        keep = [a % ndim for a in self.axis]
        self._keep_axes = keep
        self._reduce_axes = [i for i in range(ndim) if i not in keep]
        self._broadcast_shape = [input_shape[i] if i in keep else 1 for i in range(ndim)]
        mean_shape = tuple(input_shape[i] for i in keep)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(name="mean", shape=mean_shape,
                                              initializer="zeros", trainable=False)
            self.adapt_variance = self.add_weight(name="variance", shape=mean_shape,
                                                  initializer="ones", trainable=False)
            self.count = self.add_weight(name="count", shape=(), dtype="int64",
                                         initializer="zeros", trainable=False)
            self.finalize_state()
        else:
            mean = np.broadcast_to(np.asarray(self.input_mean, "float32"), self._broadcast_shape)
            var = np.broadcast_to(np.asarray(self.input_variance, "float32"), self._broadcast_shape)
            self.mean = tf.constant(mean)
            self.variance = tf.constant(var)
        self.built = True

    def adapt(self, data, batch_size=None, steps=None):
        """The mean and variance as Keras's `adapt` computes them: a NumPy array's with
        NumPy (in its own precision), a tensor's with Keras's ops, and a dataset's or an
        iterable's batch by batch, merged with the lack-of-fit sum of squares."""
        iterable = False
        if isinstance(data, np.ndarray) or tf.is_tensor(data):
            input_shape = tuple(data.shape)
        elif isinstance(data, tf.data.Dataset):
            spec = data.element_spec
            spec = spec[0] if isinstance(spec, tuple) else spec
            if len(spec.shape) == 1:
                data = data.batch(128)
                spec = data.element_spec
                spec = spec[0] if isinstance(spec, tuple) else spec
            input_shape = tuple(spec.shape)
        elif hasattr(data, "__getitem__") and hasattr(data, "__len__") and \
                not isinstance(data, (list, tuple)):
            input_shape = tuple(_extract_batch(data[0]).shape)
        elif hasattr(data, "__iter__"):
            iterable = True
            batches = iter(data)
            first = next(batches, None)
            if first is None:
                raise ValueError(
                    "adapt() received an empty iterable (no batches). Expected at least one "
                    "batch. Pass a non-empty iterable of arrays or tensors, e.g. "
                    "layer.adapt([x]) or layer.adapt(list_of_batches).")
            first = _extract_batch(first)
            input_shape = tuple(first.shape)
            data = itertools.chain([first], batches)
        else:
            raise TypeError(
                f"Unsupported data type: {type(data)}. `adapt` supports `np.ndarray`, "
                "backend tensors, `tf.data.Dataset`, `keras.utils.PyDataset`, and iterables "
                "of batches (e.g. list, generator).")
        if not self.built:
            self.build(input_shape)
        axes = tuple(self._reduce_axes)
        if isinstance(data, np.ndarray):
            total_mean = np.mean(data, axis=axes)
            total_var = np.var(data, axis=axes)
        elif tf.is_tensor(data):
            total_mean, total_var = _mean(data, axes), _variance(data, axes)
        else:
            if not iterable and not isinstance(data, tf.data.Dataset):
                data = (data[i] for i in range(len(data)))
            shape = tuple(input_shape[a] for a in self._keep_axes)
            total_mean = tf.zeros(shape)
            total_var = tf.zeros(shape)
            total_count = 0
            for batch in data:
                batch = tf.cast(tf.convert_to_tensor(_extract_batch(batch)), self.compute_dtype)
                batch_mean, batch_var = _mean(batch, axes), _variance(batch, axes)
                count = int(np.prod([batch.shape[a] for a in axes])) if axes else 1
                total_count += count
                batch_weight = float(count) / total_count
                existing_weight = 1.0 - batch_weight
                new_mean = total_mean * existing_weight + batch_mean * batch_weight
                total_var = (total_var + (total_mean - new_mean) ** 2) * existing_weight + (
                    batch_var + (batch_mean - new_mean) ** 2) * batch_weight
                total_mean = new_mean
        self.adapt_mean.assign(tf.cast(total_mean, self.adapt_mean.dtype))
        self.adapt_variance.assign(tf.cast(total_var, self.adapt_variance.dtype))
        self._adapted = True
        self.finalize_state()

    def finalize_state(self):
        """`mean` and `variance` in the inputs' broadcast shape, as `adapt` leaves them."""
        self.mean = tf.reshape(self.adapt_mean, self._broadcast_shape)
        self.variance = tf.reshape(self.adapt_variance, self._broadcast_shape)

    def call(self, inputs):
        inputs = tf.cast(inputs, self.compute_dtype)
        mean = tf.reshape(tf.cast(self.mean, inputs.dtype), self._broadcast_shape)
        variance = tf.reshape(tf.cast(self.variance, inputs.dtype), self._broadcast_shape)
        if self.invert:
            return mean + inputs * tf.maximum(tf.sqrt(variance), backend.epsilon())
        return (inputs - mean) / tf.maximum(tf.sqrt(variance), backend.epsilon())


class UnitNormalization(Layer):
    """Scales each input to unit L2 norm along `axis` (`x * min(rsqrt(sum(x²)), 1e12)`)."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                "Invalid value for `axis` argument: expected an int or a list/tuple of "
                f"ints. Received: axis={axis}")
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return ops.normalize(inputs, axis=self.axis, order=2, epsilon=1e-12)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis})
        return config
