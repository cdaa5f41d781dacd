"""`tf.py_function` and `tf.numpy_function`: a Python function called from TensorFlow.

Eagerly the function is called at once: `py_function` passes eager tensors (so an
enclosing tape differentiates through what it does), `numpy_function` NumPy arrays; the
results become tensors of the declared dtypes `Tout` (one tensor for a single dtype, a
list for a list of them). While a function is traced the call is an `EagerPyFunc` (`PyFunc`)
op with outputs of those dtypes and unknown shapes, as in TensorFlow; the playground then
runs that `tf.function`, or that `Dataset.map` function for each element, eagerly, where
the Python function is called with values (the rest of the traced function's Python runs
again on each call)."""

import numpy as np
import tensorflow as tf

import _tf_py_func


def _flat_tout(Tout):
    if Tout is None:
        return [], False
    if isinstance(Tout, (list, tuple)):
        return [tf.as_dtype(t) for t in Tout], True
    return [tf.as_dtype(Tout)], False


def _outputs(result, dtypes, is_list):
    if not dtypes:
        return [] if is_list else None
    values = list(result) if is_list or isinstance(result, (list, tuple)) and len(dtypes) > 1 \
        else [result]
    if len(values) != len(dtypes):
        raise tf.errors.InvalidArgumentError(
            None, None,
            f"InvalidArgumentError: {len(dtypes)} outputs were expected from the Python "
            f"function, but it returned {len(values)}.")
    converted = []
    for value, dtype in zip(values, dtypes):
        if isinstance(value, tf.Tensor) and value.dtype != dtype:
            raise tf.errors.InvalidArgumentError(
                None, None,
                f"ValueError: Tensor conversion requested dtype {dtype.name} for Tensor "
                f"with dtype {value.dtype.name}: {value!r}")
        converted.append(tf.convert_to_tensor(value, dtype=dtype))
    return converted if is_list else converted[0]


def _call(func, inp, Tout, name, eager):
    dtypes, is_list = _flat_tout(Tout)
    inp = list(inp) if inp is not None else []
    if tf.executing_eagerly():
        args = [tf.convert_to_tensor(x) for x in inp]
        if not eager:
            args = [np.asarray(a.numpy()) for a in args]
        return _outputs(func(*args), dtypes, is_list)
    outputs = _tf_py_func.py_func_op(inp, dtypes, eager, name)
    if not dtypes:
        return [] if is_list else None
    return outputs if is_list else outputs[0]


def py_function(func=None, inp=None, Tout=None, name=None):
    if func is None:
        return lambda f: (lambda *args: py_function(f, args, Tout, name))
    return _call(func, inp, Tout, name, True)


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):
    if func is None:
        return lambda f: (lambda *args: numpy_function(f, args, Tout, stateful, name))
    return _call(func, inp, Tout, name, False)
