"""`tnp.experimental_enable_numpy_behavior`: NumPy's methods and properties on `tf.Tensor`
(`reshape`, `astype`, `T`, `ndim`, ...), NumPy-style indexing, and the dtype preferences
tnp's functions read."""

import numpy as _np
import tensorflow as tf

_state = {"prefer_float32": False, "enabled": False, "mode": "legacy"}

_MODES = ("legacy", "all", "safe")


def prefer_float32():
    return _state["prefer_float32"]


def enabled():
    return _state["enabled"]


def _reshape(self, *args, **kwargs):
    from _tensorflow import tnp
    order = kwargs.pop("order", "C")
    if kwargs:
        raise TypeError(f"reshape() got an unexpected keyword argument "
                        f"'{next(iter(kwargs))}'")
    shape = args[0] if len(args) == 1 else list(args)
    return tnp.reshape(self, shape, order=order)


def _transpose(self, *axes):
    if len(axes) == 1 and isinstance(axes[0], (list, tuple)):
        axes = axes[0]
    return tf.transpose(self, list(axes) if axes else None)


def _tolist(self):
    return self.numpy().tolist()


def _astype(self, dtype):
    return tf.cast(self, tf.as_dtype(dtype))


def _ravel(self):
    return tf.reshape(self, [-1])


def _clip(self, a_min, a_max):
    from _tensorflow import tnp
    return tnp.clip(self, a_min, a_max)


def _round(self, ndigits=None):
    from _tensorflow import tnp
    return tnp.around(self, 0 if ndigits is None else ndigits)


_plain_getitem = tf.Tensor.__getitem__


def _is_advanced(part):
    return isinstance(part, (list, tf.Tensor)) or type(part).__name__ == "ndarray"


def _wrapped_indices(index, length):
    """Integer indices with NumPy's negative wrap-around."""
    index = tf.cast(tf.convert_to_tensor(index), tf.int64)
    return tf.where(index < 0, index + length, index)


def _getitem(self, key):
    """NumPy-style indexing: a boolean mask selects; integer lists or arrays gather (one
    such index among slices, or several broadcast together over the leading axes)."""
    if _is_advanced(key) and not isinstance(key, tuple):
        index = tf.convert_to_tensor(key)
        if index.dtype == tf.bool:
            return tf.boolean_mask(self, index)
        if index.dtype.is_integer:
            return tf.gather(self, _wrapped_indices(index, tf.shape(self, tf.int64)[0]))
    if isinstance(key, tuple) and any(_is_advanced(part) for part in key):
        advanced = [i for i, part in enumerate(key) if _is_advanced(part)]
        if len(advanced) == len(key) and len(key) > 1:
            shape = tf.shape(self, tf.int64)
            columns = [_wrapped_indices(part, shape[i]) for i, part in enumerate(key)]
            columns = [tf.broadcast_to(c, tf.shape(columns[0])) for c in columns]
            return tf.gather_nd(self, tf.stack(columns, axis=-1))
        if len(advanced) == 1:
            axis = advanced[0]
            basic = tuple(slice(None) if i == axis else part for i, part in enumerate(key))
            sliced = _plain_getitem(self, basic)
            # Integer parts before the advanced one remove their axes.
            removed = sum(1 for part in key[:axis] if isinstance(part, int))
            target = axis - removed
            index = _wrapped_indices(key[axis], tf.shape(sliced, tf.int64)[target])
            return tf.gather(sliced, index, axis=target)
    return _plain_getitem(self, key)


_PROMOTED_OPERATORS = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
                       "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__",
                       "__mod__", "__rmod__", "__pow__", "__rpow__", "__lt__", "__le__",
                       "__gt__", "__ge__")


def _promoting(name):
    """The operator `name` with its operands promoted as NumPy promotes them."""
    plain = getattr(tf.Tensor, name)

    def operator(self, other):
        from _tensorflow import tnp
        if isinstance(other, (tf.Tensor, tf.Variable, bool, int, float, list, tuple)) or \
                type(other).__name__ == "ndarray":
            dtype = tnp.result_type(self, other)
            if dtype != self.dtype:
                self = tf.cast(self, dtype)
            other = tnp.asarray(other, dtype)
        return plain(self, other)
    operator.__name__ = name
    return operator


def _install(methods):
    for name, method in methods.items():
        setattr(tf.Tensor, name, method)


def experimental_enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode="legacy"):
    """Gives `tf.Tensor` NumPy's methods and indexing; `prefer_float32` makes tnp's default
    float dtype float32."""
    if dtype_conversion_mode not in _MODES:
        raise ValueError(f"{dtype_conversion_mode} is not a valid dtype conversion mode.")
    _state["prefer_float32"] = bool(prefer_float32)
    _state["enabled"] = True
    _state["mode"] = dtype_conversion_mode
    _install({
        "reshape": _reshape,
        "transpose": _transpose,
        "tolist": _tolist,
        "astype": _astype,
        "ravel": _ravel,
        "clip": _clip,
        "__round__": _round,
        "__getitem__": _getitem,
        "T": property(lambda self: tf.transpose(self)),
        "ndim": property(lambda self: self.shape.rank),
        "size": property(lambda self: _np.int64(self.shape.num_elements())),
    })
    if not _state.get("promoting"):
        _state["promoting"] = True
        _install({name: _promoting(name) for name in _PROMOTED_OPERATORS})
    if dtype_conversion_mode != "legacy":
        # Weak tensors and the promotion lattice ("all", "safe").
        from _tensorflow import weak_tensor
        weak_tensor.install()
