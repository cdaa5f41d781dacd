"""`tf.nn.dropout` and `tf.nn.experimental.stateless_dropout`, as TensorFlow's `nn_ops`
writes them (`_dropout`): `x / (1 - rate)` where a uniform draw over the noise shape is at
least `rate`, zero elsewhere."""

import numbers

import tensorflow as tf


def _noise_shape(x, noise_shape):
    if noise_shape is None:
        return tf.shape(x)
    if tf.is_tensor(noise_shape):
        return noise_shape
    dims = list(noise_shape)
    static = x.shape
    if static.rank is not None and len(dims) == static.rank:
        dims = [static[i] if d is None else d for i, d in enumerate(dims)]
        if all(d is not None for d in dims):
            return dims
    return tf.convert_to_tensor(noise_shape)


def _dropout(x, rate, noise_shape, sampler, name, default_name):
    with tf.name_scope(name or default_name):
        is_rate_number = isinstance(rate, numbers.Real)
        if is_rate_number and (rate < 0 or rate >= 1):
            raise ValueError(
                "`rate` must be a scalar tensor or a float in the range [0, 1). "
                f"Received: rate={rate}"
            )
        x = tf.convert_to_tensor(x, name="x")
        x_dtype = x.dtype
        if not x_dtype.is_floating:
            raise ValueError(
                "`x.dtype` must be a floating point tensor as `x` will be scaled. "
                f"Received: x_dtype={x_dtype}"
            )
        if is_rate_number and rate == 0:
            return x
        if tf.is_tensor(rate):
            rate = tf.cast(rate, x_dtype)
            ret = tf.math.divide(x, tf.constant(1, dtype=x_dtype) - rate)
        elif is_rate_number:
            ret = tf.math.multiply(x, tf.convert_to_tensor(1 / (1 - rate), dtype=x_dtype))
        else:
            raise ValueError(f"`rate` must be a scalar or scalar tensor. Received: rate={rate}")
        random_tensor = sampler(_noise_shape(x, noise_shape), x_dtype)
        keep_mask = random_tensor >= rate
        return tf.where(keep_mask, ret, tf.constant(0, dtype=x_dtype))


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: tf.random.uniform(shape, seed=seed, dtype=dtype),
                    name, "dropout")


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: tf.random.stateless_uniform(shape, seed=seed,
                                                                      dtype=dtype),
                    name, "stateless_dropout")


def scale_regularization_loss(regularization_loss):
    """`tf.nn.scale_regularization_loss`: the summed loss divided by the number of replicas
    in sync, so adding it on every replica counts it once."""
    loss = tf.reduce_sum(regularization_loss)
    num_replicas = tf.distribute.get_strategy().num_replicas_in_sync
    if num_replicas > 1:
        loss *= 1.0 / num_replicas
    return loss



def swish(features, beta=1.0, name=None):
    """`tf.nn.silu` / `tf.nn.swish`: `features * sigmoid(beta * features)`, with
    TensorFlow's custom gradient eagerly (inside a `tf.function`, the product's own
    gradient: the same derivative, maybe not in the last bit)."""
    features = tf.convert_to_tensor(features, name="features")
    beta = tf.cast(tf.convert_to_tensor(beta, name="beta"), features.dtype)
    if not tf.executing_eagerly():
        return features * tf.math.sigmoid(beta * features)

    @tf.custom_gradient
    def swish_impl(features, beta):
        def grad(dy):
            sigmoid_features = tf.math.sigmoid(beta * features)
            activation_grad = sigmoid_features * (
                1.0 + (beta * features) * (1.0 - sigmoid_features))
            beta_grad = tf.reduce_sum(
                dy * tf.square(features) * sigmoid_features * (1.0 - sigmoid_features))
            return (dy * activation_grad, beta_grad)

        return features * tf.math.sigmoid(beta * features), grad

    return swish_impl(features, beta)


silu = swish


def gelu(features, approximate=False, name=None):
    """The Gaussian error linear unit: exactly `0.5 * x * erfc(-x / sqrt(2))`, or with
    `approximate=True` its tanh approximation."""
    features = tf.convert_to_tensor(features, name="features")
    if not features.dtype.is_floating:
        raise ValueError("`features.dtype` must be a floating point tensor."
                         f"Received:features.dtype={features.dtype}")
    if approximate:
        coeff = tf.cast(0.044715, features.dtype)
        return 0.5 * features * (
            1.0 + tf.tanh(0.7978845608028654 * (features + coeff * tf.pow(features, 3))))
    return 0.5 * features * tf.math.erfc(
        -features * tf.cast(0.7071067811865476, features.dtype))


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None,
                     name=None):
    """`tf.nn.depthwise_conv2d`: one `DepthwiseConv2dNative` named after its scope
    (`depthwise`)."""
    with tf.name_scope(name or "depthwise") as scope:
        input = tf.convert_to_tensor(input, name="tensor_in")
        filter = tf.convert_to_tensor(filter, name="filter_in")
        return _depthwise_native(input, filter, strides, padding, data_format, dilations,
                                 scope)


def _depthwise_native(input, filter, strides, padding, data_format, dilations, name):
    """TensorFlow's `with_space_to_batch` around the op, in the current scope: in a graph it
    leaves the filter's `Shape` and the `dilation_rate` as constants. A dilation rate above
    1 is given to the op's `dilations` attr (the same values; TensorFlow computes them
    through `SpaceToBatchND` and `BatchToSpaceND` instead)."""
    rate = [1, 1] if dilations is None else list(dilations)
    if not tf.executing_eagerly():
        if filter.shape.is_fully_defined():
            tf.constant(filter.shape.as_list(), dtype=tf.int32, name="Shape")
        else:
            tf.shape(filter)
        tf.constant(rate, dtype=tf.int32, name="dilation_rate")
    if len(rate) != 2:
        raise ValueError(f"rate must be two-dimensional. Received: rate={rate}")
    explicit = []
    if not isinstance(padding, str):
        explicit = [v for pair in padding for v in pair]
        padding = "EXPLICIT"
    return tf.raw_ops.DepthwiseConv2dNative(
        input=input, filter=filter, strides=strides, padding=padding,
        explicit_paddings=explicit, data_format=data_format or "NHWC",
        dilations=[1, *rate, 1], name=name)


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding,
                     data_format=None, dilations=None, name=None):
    """`tf.nn.separable_conv2d`: a depthwise convolution (`depthwise`) then a 1×1
    `Conv2D` mixing its channels, named after the `separable_conv2d` scope. As in
    TensorFlow, the depthwise part is made in that scope (not through
    `depthwise_conv2d`)."""
    with tf.name_scope(name or "separable_conv2d") as scope:
        input = tf.convert_to_tensor(input, name="input")
        depthwise_filter = tf.convert_to_tensor(depthwise_filter, name="depthwise_filter")
        pointwise_filter = tf.convert_to_tensor(pointwise_filter, name="pointwise_filter")
        pointwise_filter.shape.with_rank(4)
        depthwise = _depthwise_native(input, depthwise_filter, strides, padding, data_format,
                                      dilations, "depthwise")
        return tf.nn.conv2d(depthwise, pointwise_filter, [1, 1, 1, 1], padding="VALID",
                            data_format=data_format or "NHWC", name=scope)


def embedding_lookup(params, ids, max_norm=None, name=None):
    """`tf.nn.embedding_lookup`: the rows of `params` at `ids` (a list of shards is read as
    their concatenation, which is what the "div" partition strategy amounts to), each
    clipped to L2 norm `max_norm` if given."""
    if isinstance(params, (list, tuple)):
        if not params:
            raise ValueError("Argument `params` must be a non-empty list. Received: []")
        params = params[0] if len(params) == 1 else tf.concat(list(params), 0)
    with tf.name_scope(name or "embedding_lookup") as scope:
        ids = tf.convert_to_tensor(ids, name="ids")
        result = tf.gather(params, ids, name=scope)
        if max_norm is not None:
            rank = result.shape.rank
            axes = list(range(ids.shape.rank, rank))
            if axes:
                result = tf.clip_by_norm(result, max_norm, axes=axes)
        return tf.identity(result)
