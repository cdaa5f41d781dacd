# playground: a C module in CPython
"""The `ndarray` methods that NumPy implements by calling its own functions (`a.argmax()`
is `np.argmax(a)`), the in-place operators, `flags`, and the ufunc casting errors.

The native core gives `ndarray` its storage, indexing, views (`T`, `transpose`,
`reshape`), arithmetic and printing; this module adds the rest to the class.
"""

import numpy as np
from _numpy import _assign, _tobytes, ndarray


class UFuncTypeError(TypeError):
    __module__ = "numpy._core._exceptions"


class _UFuncCastingError(UFuncTypeError):
    __module__ = "numpy._core._exceptions"


class _UFuncOutputCastingError(_UFuncCastingError):
    __module__ = "numpy._core._exceptions"


# NumPy shows these implementation classes under their base's name (`_display_as_base`).
_UFuncCastingError.__name__ = UFuncTypeError.__name__
_UFuncOutputCastingError.__name__ = _UFuncCastingError.__name__


_KIND_ORDER = {"b": 0, "u": 1, "i": 2, "f": 3, "c": 4}


def _can_cast_same_kind(source, target):
    if source.kind == target.kind:
        return True
    return _KIND_ORDER.get(source.kind, 9) < _KIND_ORDER.get(target.kind, 9) and not (
        source.kind == "i" and target.kind == "u")


def _inplace(name, operation):
    def method(self, other):
        result = operation(self, other)
        if result is NotImplemented:
            return NotImplemented
        result = np.asarray(result)
        if not _can_cast_same_kind(result.dtype, self.dtype):
            raise _UFuncOutputCastingError(
                f"Cannot cast ufunc '{name}' output from {result.dtype!r} to "
                f"{self.dtype!r} with casting rule 'same_kind'")
        _assign(self, result)
        return self
    method.__name__ = f"__i{name}__"
    return method


for _dunder, _ufunc_name, _operation in [
    ("add", "add", lambda a, b: a + b),
    ("sub", "subtract", lambda a, b: a - b),
    ("mul", "multiply", lambda a, b: a * b),
    ("truediv", "divide", lambda a, b: a / b),
    ("floordiv", "floor_divide", lambda a, b: a // b),
    ("mod", "remainder", lambda a, b: a % b),
    ("pow", "power", lambda a, b: a ** b),
    ("matmul", "matmul", lambda a, b: np.matmul(a, b)),
    ("and", "bitwise_and", lambda a, b: np.bitwise_and(a, b)),
    ("or", "bitwise_or", lambda a, b: np.bitwise_or(a, b)),
    ("xor", "bitwise_xor", lambda a, b: np.bitwise_xor(a, b)),
]:
    setattr(ndarray, f"__i{_dunder}__", _inplace(_ufunc_name, _operation))


def _reflected(function):
    return lambda self, other: function(other, self)


ndarray.__matmul__ = lambda self, other: np.matmul(self, other)
ndarray.__rmatmul__ = _reflected(np.matmul)
ndarray.__and__ = lambda self, other: np.bitwise_and(self, other)
ndarray.__rand__ = _reflected(np.bitwise_and)
ndarray.__or__ = lambda self, other: np.bitwise_or(self, other)
ndarray.__ror__ = _reflected(np.bitwise_or)
ndarray.__xor__ = lambda self, other: np.bitwise_xor(self, other)
ndarray.__rxor__ = _reflected(np.bitwise_xor)
ndarray.__invert__ = lambda self: np.invert(self)
ndarray.__abs__ = lambda self: np.absolute(self)
ndarray.real = property(lambda self: np.real(self))
ndarray.imag = property(lambda self: np.imag(self))
ndarray.conj = ndarray.conjugate = lambda self: np.conjugate(self)
ndarray.__pos__ = lambda self: self.copy()


def __contains__(self, value):
    return bool((self == value).any())


def __array__(self, dtype=None, copy=None):
    return self if dtype is None else self.astype(dtype)


def __round__(self, ndigits=None):
    if ndigits is None:
        return int(self.round()) if self.ndim == 0 else self.round()
    return self.round(ndigits)


def argmax(self, axis=None, out=None, *, keepdims=False):
    return np.argmax(self, axis=axis, keepdims=keepdims)


def argmin(self, axis=None, out=None, *, keepdims=False):
    return np.argmin(self, axis=axis, keepdims=keepdims)


def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return np.std(self, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)


def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return np.var(self, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)


def prod(self, axis=None, dtype=None, out=None, keepdims=False):
    return np.prod(self, axis=axis, dtype=dtype, keepdims=keepdims)


def any(self, axis=None, out=None, keepdims=False):
    return np.any(self, axis=axis, keepdims=keepdims)


def all(self, axis=None, out=None, keepdims=False):
    return np.all(self, axis=axis, keepdims=keepdims)


def clip(self, min=None, max=None, out=None):
    return np.clip(self, min, max)


def cumsum(self, axis=None, dtype=None, out=None):
    return np.cumsum(self, axis=axis, dtype=dtype)


def cumprod(self, axis=None, dtype=None, out=None):
    return np.cumprod(self, axis=axis, dtype=dtype)


def dot(self, b, out=None):
    return np.dot(self, b)


def squeeze(self, axis=None):
    return np.squeeze(self, axis=axis)


def swapaxes(self, axis1, axis2):
    return np.swapaxes(self, axis1, axis2)


def argsort(self, axis=-1, kind=None, order=None, *, stable=None):
    return np.argsort(self, axis=axis)


def sort(self, axis=-1, kind=None, order=None, *, stable=None):
    """Sorts in place, as `ndarray.sort` does."""
    self[...] = np.sort(self, axis=axis)


def nonzero(self):
    return np.nonzero(self)


def repeat(self, repeats, axis=None):
    return np.repeat(self, repeats, axis=axis)


def flatten(self, order="C"):
    return self.reshape(-1).copy()


def ravel(self, order="C"):
    return self.reshape(-1)


def fill(self, value):
    self[...] = value


def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return np.trace(self, offset=offset, axis1=axis1, axis2=axis2)


def tobytes(self, order="C"):
    return _tobytes(self)


for _function in [__contains__, __array__, __round__, argmax, argmin, std, var, prod, any, all, clip,
                  cumsum, cumprod, dot, squeeze, swapaxes, argsort, sort, nonzero, repeat,
                  flatten, ravel, fill, trace, tobytes]:
    setattr(ndarray, _function.__name__, _function)


ndarray.itemsize = property(lambda self: self.dtype.itemsize)
ndarray.nbytes = property(lambda self: self.size * self.dtype.itemsize)


class _Flags:
    """`a.flags`: the memory facts programs read (`a.flags['C_CONTIGUOUS']`,
    `a.flags.writeable`)."""

    _KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous",
             "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "OWNDATA": "owndata",
             "O": "owndata", "WRITEABLE": "writeable", "W": "writeable",
             "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy",
             "X": "writebackifcopy"}

    def __init__(self, array):
        itemsize = array.dtype.itemsize
        self.c_contiguous = _contiguous(array.shape[::-1], array.strides[::-1], itemsize)
        self.f_contiguous = _contiguous(array.shape, array.strides, itemsize)
        self.owndata = array.base is None
        self.writeable = True
        self.aligned = True
        self.writebackifcopy = False

    def __getitem__(self, key):
        if key not in self._KEYS:
            raise KeyError("Unknown flag")
        return getattr(self, self._KEYS[key])

    def __repr__(self):
        return "".join(f"  {name} : {getattr(self, attribute)}\n" for name, attribute in [
            ("C_CONTIGUOUS", "c_contiguous"), ("F_CONTIGUOUS", "f_contiguous"),
            ("OWNDATA", "owndata"), ("WRITEABLE", "writeable"), ("ALIGNED", "aligned"),
            ("WRITEBACKIFCOPY", "writebackifcopy")])


def _contiguous(shape, strides, itemsize):
    """Whether axes, innermost first, step through memory without gaps (axes of length
    1 don't count, and an empty array is contiguous)."""
    if 0 in shape:
        return True
    expected = itemsize
    for dim, stride in zip(shape, strides):
        if dim != 1 and stride != expected:
            return False
        expected *= dim
    return True


ndarray.flags = property(lambda self: _Flags(self))
