"""`keras.activations`: the activation functions by name, as layers' `activation=`
resolves them."""

from keras.src import ops


def linear(x):
    return x


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return ops.relu(x)
    import tensorflow as tf
    out = tf.where(x > threshold, x, negative_slope * (x - threshold))
    if max_value is not None:
        out = tf.minimum(out, max_value)
    return out


def softmax(x, axis=-1):
    output = ops.softmax(x, axis=axis)
    # As Keras: a cross-entropy loss of this output is computed from its logits.
    output._keras_logits = x
    return output


def log_softmax(x, axis=-1):
    return ops.log_softmax(x, axis=axis)


def sigmoid(x):
    output = ops.sigmoid(x)
    output._keras_logits = x
    return output


def tanh(x):
    return ops.tanh(x)


def softplus(x):
    return ops.softplus(x)


def elu(x, alpha=1.0):
    return ops.elu(x, alpha=alpha)


def selu(x):
    return ops.selu(x)


def softsign(x):
    return ops.softsign(x)




def relu6(x):
    return ops.relu6(x)


def leaky_relu(x, negative_slope=0.2):
    return ops.leaky_relu(x, negative_slope=negative_slope)


def hard_sigmoid(x):
    return ops.hard_sigmoid(x)


def exponential(x):
    return ops.exp(x)


def silu(x):
    return ops.silu(x)


swish = silu


def hard_silu(x):
    return ops.hard_silu(x)


hard_swish = hard_silu


def gelu(x, approximate=False):
    return ops.gelu(x, approximate=approximate)


def mish(x):
    return ops.mish(x)


_ALL = {
    f.__name__: f
    for f in (linear, relu, softmax, log_softmax, sigmoid, tanh, softplus, elu, selu,
              softsign, relu6,
              leaky_relu, hard_sigmoid, exponential, silu, hard_silu, gelu, mish)
}
_ALL["swish"] = silu
_ALL["hard_swish"] = hard_silu


def get(identifier):
    if identifier is None:
        return linear
    if isinstance(identifier, dict):
        from keras.src.saving import serialization_lib
        identifier = serialization_lib.deserialize_keras_object(identifier)
    if isinstance(identifier, str):
        fn = _ALL.get(identifier)
        if fn is None:
            raise ValueError(f"Could not interpret activation function identifier: {identifier}")
        return fn
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")


def serialize(activation):
    """A built-in activation's name (`"relu"`); a user's function or object as its config,
    under its registered name, so `load_model` finds it again."""
    name = getattr(activation, "__name__", None)
    if name is not None and _ALL.get(name) is activation:
        return name
    from keras.src.saving import serialization_lib
    return serialization_lib.serialize_keras_object(activation)
