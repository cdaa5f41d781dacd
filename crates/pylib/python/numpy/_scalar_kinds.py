"""NumPy's abstract scalar types (`np.generic`, `np.number`, `np.integer`, `np.floating`,
...) and `np.issubdtype`. The playground's scalar types (`np.float32`, ...) are native, so
these classes answer `isinstance` and `issubclass` by the scalar's dtype kind, as NumPy's
type hierarchy would."""

from _numpy import dtype as _dtype, ndarray as _ndarray


class _KindMeta(type):
    """Membership by dtype kind: `isinstance(np.float32(1), np.floating)` is True, a Python
    `float` or a 0-d array is not."""

    def __instancecheck__(cls, obj):
        if not isinstance(obj, _ndarray) or type(obj) is _ndarray:
            return False
        return _dtype(type(obj)).kind in cls._kinds

    def __subclasscheck__(cls, sub):
        if isinstance(sub, _KindMeta):
            return set(sub._kinds) <= set(cls._kinds)
        try:
            return _dtype(sub).kind in cls._kinds
        except Exception:
            return False


class generic(metaclass=_KindMeta):
    _kinds = "biufcSUVO"
    __module__ = "numpy"


class number(generic):
    _kinds = "iufc"


class integer(number):
    _kinds = "iu"


class signedinteger(integer):
    _kinds = "i"


class unsignedinteger(integer):
    _kinds = "u"


class inexact(number):
    _kinds = "fc"


class floating(inexact):
    _kinds = "f"


class complexfloating(inexact):
    _kinds = "c"


class flexible(generic):
    _kinds = "SUV"


class character(flexible):
    _kinds = "SU"


for _cls in (number, integer, signedinteger, unsignedinteger, inexact, floating,
             complexfloating, flexible, character):
    _cls.__module__ = "numpy"


def issubdtype(arg1, arg2):
    """Whether the dtype `arg1` is `arg2`, or of the abstract kind `arg2` names."""
    if not isinstance(arg1, _KindMeta):
        arg1 = _dtype(arg1)
    if isinstance(arg2, _KindMeta):
        if isinstance(arg1, _KindMeta):
            return issubclass(arg1, arg2)
        return arg1.kind in arg2._kinds
    if isinstance(arg1, _KindMeta):
        return False
    return arg1 == _dtype(arg2)
