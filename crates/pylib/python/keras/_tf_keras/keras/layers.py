"""`tf.keras.layers`: `keras.layers` under TensorFlow's module name."""

from keras.layers import *  # noqa: F401,F403


def __getattr__(name):
    raise AttributeError(f"module 'keras._tf_keras.keras.layers' has no attribute '{name}'")
