"""`tf.keras.metrics`: `keras.metrics` under TensorFlow's module name."""

from keras.metrics import *  # noqa: F401,F403


def __getattr__(name):
    raise AttributeError(f"module 'keras._tf_keras.keras.metrics' has no attribute '{name}'")
