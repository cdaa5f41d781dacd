"""`keras.optimizers`: for now the native classes `tf.keras.optimizers` has."""

import tensorflow as _tf


def __getattr__(name):
    if name.startswith("_"):
        raise AttributeError(f"module 'keras.optimizers' has no attribute '{name}'")
    return getattr(_tf.keras.optimizers, name)
