"""`tf.keras.backend`: `keras.backend` under TensorFlow's module name."""

from keras.backend import *  # noqa: F401,F403


def count_params(x):
    """The number of scalars in `x` (Keras's legacy backend function)."""
    import math
    return math.prod(x.shape.as_list())


def __getattr__(name):
    raise AttributeError(f"module 'keras._tf_keras.keras.backend' has no attribute '{name}'")
