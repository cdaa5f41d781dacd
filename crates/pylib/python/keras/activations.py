"""`keras.activations`: the functions of `keras.src.activations`."""

from keras.src import activations as _activations


def __getattr__(name):
    if name.startswith("_") or name == "ops":
        raise AttributeError(f"module 'keras.activations' has no attribute '{name}'")
    try:
        return getattr(_activations, name)
    except AttributeError:
        raise AttributeError(f"module 'keras.activations' has no attribute '{name}'") from None
