"""`keras.ops`: the operations of `keras.src.ops`."""

from keras.src import ops as _ops

_PRIVATE = ("np", "tf", "backend", "keras_op", "KerasTensor", "symbolic_op",
            "convert_to_tensor_", "any_symbolic_tensors")


def __getattr__(name):
    if name.startswith("_") or name in _PRIVATE:
        raise AttributeError(f"module 'keras.ops' has no attribute '{name}'")
    try:
        return getattr(_ops, name)
    except AttributeError:
        raise AttributeError(f"module 'keras.ops' has no attribute '{name}'") from None


def __dir__():
    return [n for n in dir(_ops) if not n.startswith("_") and n not in _PRIVATE]
