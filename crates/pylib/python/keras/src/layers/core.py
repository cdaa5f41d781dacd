"""Core layers: `Input`/`InputLayer`, `Dense`, `Activation`, `Dropout`, `Flatten`,
`Reshape`, `Lambda`, `Embedding`, `Identity`, `Rescaling`, `Permute`, `RepeatVector`."""

import tensorflow as tf

from keras.src.input_spec import InputSpec
from keras.src import activations, backend, constraints, initializers, ops, regularizers
from keras.src.keras_tensor import KerasTensor
from keras.src.layer import Layer
from keras.src.operation import Node


class InputLayer(Layer):
    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None,
                 batch_shape=None, input_tensor=None, optional=False, name=None, **kwargs):
        if "input_shape" in kwargs:
            shape = kwargs.pop("input_shape")
        if "batch_input_shape" in kwargs:
            batch_shape = kwargs.pop("batch_input_shape")
        super().__init__(name=name, dtype=dtype)
        if batch_shape is None:
            if shape is None:
                raise ValueError("You must pass a `shape` argument.")
            batch_shape = (batch_size,) + tuple(shape)
        self._batch_shape = tuple(batch_shape)
        self.built = True
        tensor = KerasTensor(self._batch_shape, dtype=dtype or backend.floatx(), name=name)
        Node(self, (), {}, tensor)
        self._output = tensor

    @property
    def batch_shape(self):
        return self._batch_shape

    def call(self):
        return self._output

    def get_config(self):
        return {"batch_shape": self._batch_shape, "dtype": self.dtype,
                "sparse": False, "name": self.name}


def Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None,
          name=None, tensor=None, optional=False):
    """A symbolic input of a functional model."""
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype,
                       batch_shape=batch_shape, name=name)
    return layer._output


class Dense(Layer):
    def __init__(self, units, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None,
                 quantization_config=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = int(units)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_rank if lora_alpha is None else lora_alpha
        self.supports_masking = True
        self.input_spec = InputSpec(min_ndim=2)

    def build(self, input_shape):
        input_dim = input_shape[-1]
        self.kernel = self.add_weight(name="kernel", shape=(input_dim, self.units),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.units,),
                                        initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint)
        else:
            self.bias = None
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_dim})
        self.built = True

    def call(self, inputs, training=None):
        x = ops.matmul(inputs, self.kernel)
        if self.bias is not None:
            x = ops.add(x, self.bias)
        if self.activation is not activations.linear:
            x = self.activation(x)
        return x

    def get_config(self):
        return {**self._base_config(), **{
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            **self._serialized("kernel_initializer", "bias_initializer", "kernel_regularizer",
                               "bias_regularizer", "kernel_constraint", "bias_constraint"),
            "quantization_config": None,
        }, **({"lora_rank": self.lora_rank, "lora_alpha": self.lora_alpha}
              if self.lora_rank else {})}


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)
        self.built = True

    def call(self, inputs):
        return self.activation(inputs)


class Dropout(Layer):
    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError(
                f"Invalid value received for argument `rate`. Expected a float value "
                f"between 0 and 1. Received: rate={rate}"
            )
        self.rate = rate
        self.supports_masking = True
        self.noise_shape = noise_shape
        self.seed = seed
        if rate > 0:
            from keras.src.random import SeedGenerator
            self.seed_generator = SeedGenerator(seed)
        self.built = True

    def get_config(self):
        return {**self._base_config(), "rate": self.rate, "seed": self.seed,
                "noise_shape": self.noise_shape}

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            from keras.src.random import dropout
            return dropout(inputs, self.rate, noise_shape=self.noise_shape,
                           seed=self.seed_generator)
        return inputs


class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        from keras.src.layers.conv import standardize_data_format
        self.data_format = standardize_data_format(data_format)
        self.built = True

    def get_config(self):
        return {**self._base_config(), "data_format": self.data_format}

    def call(self, inputs):
        shape = inputs.shape.as_list() if hasattr(inputs.shape, "as_list") else list(inputs.shape)
        rest = shape[1:]
        if None not in rest:
            n = 1
            for d in rest:
                n *= d
            return tf.reshape(inputs, [-1, n])
        return tf.reshape(inputs, [tf.shape(inputs)[0], -1])


def _check_reshape_target(target, arg):
    if sum(1 for d in target if isinstance(d, int) and d == -1) > 1:
        raise ValueError("There must be at most one unknown dimension (-1) in "
                         f"`{arg}`. Received: {arg}={target}.")
    for d in target:
        if isinstance(d, int) and d < -1:
            raise ValueError(
                f"Each dimension in `{arg}` must be a non-negative integer, or `-1` for a "
                f"single unknown dimension. Received: {arg}={target}.")


def reshaped_shape(input_shape, target, arg="target_shape"):
    """`target` with its `-1` worked out from `input_shape` (`None` when a size is
    unknown), or Keras's error when the sizes cannot match."""
    _check_reshape_target(target, arg)
    target = tuple(d if isinstance(d, int) else None for d in target)
    input_shape = tuple(input_shape)
    if None in input_shape or None in target:
        return tuple(None if d == -1 else d for d in target)
    size = 1
    for d in input_shape:
        size *= d
    known = 1
    for d in target:
        if d != -1:
            known *= d
    if -1 not in target:
        if size != known:
            raise ValueError("The total size of the tensor must be unchanged. Received: "
                             f"input_shape={input_shape}, {arg}={target}")
        return target
    if known == 0 or size % known != 0:
        raise ValueError(
            "The total size of the tensor must be unchanged, however, the input size cannot "
            f"by divided by the specified dimensions in {arg}. Received: "
            f"input_shape={input_shape}, {arg}={target}")
    return tuple(size // known if d == -1 else d for d in target)


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        target_shape = tuple(target_shape)
        _check_reshape_target(target_shape, "target_shape")
        self.target_shape = target_shape
        self.built = True

    def compute_output_shape(self, input_shape):
        return (input_shape[0],) + reshaped_shape(input_shape[1:], self.target_shape)

    def call(self, inputs):
        resolved = reshaped_shape(tuple(inputs.shape)[1:], self.target_shape)
        resolved = tuple(-1 if d is None else d for d in resolved)
        return tf.reshape(inputs, (tf.shape(inputs)[0],) + resolved)


class Permute(Layer):
    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        self.built = True

    def call(self, inputs):
        return tf.transpose(inputs, (0,) + self.dims)


class RepeatVector(Layer):
    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        self.n = n
        self.built = True

    def call(self, inputs):
        return tf.repeat(tf.expand_dims(inputs, 1), self.n, axis=1)


class Identity(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.built = True

    def call(self, inputs):
        return inputs


class Lambda(Layer):
    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function = function
        self.arguments = arguments or {}
        self.built = True

    def call(self, inputs, mask=None, training=None):
        return self.function(inputs, **self.arguments)


class Rescaling(Layer):
    _allow_non_tensor_positional_args = True

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.built = True

    def call(self, inputs):
        dtype = self.compute_dtype
        inputs = tf.cast(inputs, dtype)
        return inputs * tf.cast(self.scale, dtype) + tf.cast(self.offset, dtype)


class Embedding(Layer):
    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform",
                 embeddings_regularizer=None, embeddings_constraint=None, mask_zero=False,
                 weights=None, lora_rank=None, lora_alpha=None, quantization_config=None,
                 **kwargs):
        kwargs.pop("input_length", None)
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        if embeddings_initializer == "uniform":
            embeddings_initializer = initializers.RandomUniform(minval=-0.05, maxval=0.05)
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.lora_rank = lora_rank
        self.lora_alpha = lora_rank if lora_alpha is None else lora_alpha

    def get_config(self):
        return {**self._base_config(), **{
            "input_dim": self.input_dim,
            "output_dim": self.output_dim,
            **self._serialized("embeddings_initializer", "embeddings_regularizer",
                               "activity_regularizer", "embeddings_constraint"),
            "mask_zero": self.mask_zero,
            "quantization_config": None,
        }, **({"lora_rank": self.lora_rank, "lora_alpha": self.lora_alpha}
              if self.lora_rank else {})}

    def build(self, input_shape=None):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer,
                                          regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint,
                                          name="embeddings")
        self.built = True

    def call(self, inputs):
        if inputs.dtype != tf.int32 and inputs.dtype != tf.int64:
            inputs = tf.cast(inputs, "int32")
        return tf.gather(self.embeddings, inputs)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return tf.not_equal(inputs, 0)


class Masking(Layer):
    """Masks the time steps whose features all equal `mask_value`: they become zeros, and
    the output carries the mask (`_keras_mask`) for the layers after it."""

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.mask_value = mask_value
        self.supports_masking = True
        self.built = True

    def compute_mask(self, inputs, mask=None):
        return tf.reduce_any(tf.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        boolean_mask = tf.reduce_any(tf.not_equal(inputs, self.mask_value), axis=-1,
                                     keepdims=True)
        outputs = tf.where(boolean_mask, inputs, tf.zeros_like(inputs))
        try:
            outputs._keras_mask = tf.squeeze(boolean_mask, axis=-1)
        except AttributeError:
            pass
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["mask_value"] = self.mask_value
        return config
