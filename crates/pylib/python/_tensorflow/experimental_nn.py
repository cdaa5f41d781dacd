"""`tf.nn.experimental`."""

from _tensorflow.nn_ops import stateless_dropout  # noqa: F401
