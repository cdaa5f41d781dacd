"""Standard operators as functions: a pure-Python operator module.

Each function performs the operation its name describes (``add(a, b)`` is ``a + b``),
plus the callable factories itemgetter, attrgetter and methodcaller.
"""

__all__ = ["abs", "add", "and_", "attrgetter", "concat", "contains", "countOf",
           "delitem", "eq", "floordiv", "ge", "getitem", "gt", "iadd", "iand",
           "iconcat", "ifloordiv", "ilshift", "imod", "imul", "index", "indexOf",
           "inv", "invert", "ior", "ipow", "irshift", "is_", "is_not", "isub",
           "itemgetter", "itruediv", "ixor", "le", "length_hint", "lshift", "lt",
           "methodcaller", "mod", "mul", "ne", "neg", "not_", "or_", "pos", "pow",
           "rshift", "setitem", "sub", "truediv", "truth", "xor"]

_builtin_abs = abs
_builtin_pow = pow

# Comparison operations


def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def ge(a, b):
    return a >= b


def gt(a, b):
    return a > b


# Logical operations

def not_(a):
    return not a


def truth(a):
    return True if a else False


def is_(a, b):
    return a is b


def is_not(a, b):
    return a is not b


# Mathematical and bitwise operations

def abs(a):
    return _builtin_abs(a)


def add(a, b):
    return a + b


def and_(a, b):
    return a & b


def floordiv(a, b):
    return a // b


def index(a):
    if isinstance(a, int):
        return int(a)
    method = getattr(type(a), "__index__", None)
    if method is None:
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer")
    return method(a)


def inv(a):
    return ~a


invert = inv


def lshift(a, b):
    return a << b


def mod(a, b):
    return a % b


def mul(a, b):
    return a * b


def matmul(a, b):
    return a @ b


def neg(a):
    return -a


def or_(a, b):
    return a | b


def pos(a):
    return +a


def pow(a, b):
    return a ** b


def rshift(a, b):
    return a >> b


def sub(a, b):
    return a - b


def truediv(a, b):
    return a / b


def xor(a, b):
    return a ^ b


# Sequence operations

def _is_sequence(obj):
    return isinstance(obj, (list, tuple, str, bytes)) or hasattr(obj, "__getitem__")


def concat(a, b):
    if not _is_sequence(a):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b


def contains(a, b):
    return b in a


def countOf(a, b):
    return sum(1 for item in a if item is b or item == b)


def delitem(a, b):
    del a[b]


def getitem(a, b):
    return a[b]


def indexOf(a, b):
    for i, item in enumerate(a):
        if item is b or item == b:
            return i
    raise ValueError("sequence.index(x): x not in sequence")


def setitem(a, b, c):
    a[b] = c


def length_hint(obj, default=0):
    if not isinstance(default, int):
        raise TypeError(f"'{type(default).__name__}' object cannot be interpreted as an integer")
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), "__length_hint__", None)
    if hint is None:
        return default
    value = hint(obj)
    if value is NotImplemented:
        return default
    if not isinstance(value, int):
        raise TypeError(f"__length_hint__ must be an integer, not {type(value).__name__}")
    if value < 0:
        raise ValueError("__length_hint__() should return >= 0")
    return value


# In-place operations: the augmented assignment is applied to a, which is returned.

def iadd(a, b):
    a += b
    return a


def iand(a, b):
    a &= b
    return a


def iconcat(a, b):
    if not _is_sequence(a):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    a += b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def imod(a, b):
    a %= b
    return a


def imul(a, b):
    a *= b
    return a


def ior(a, b):
    a |= b
    return a


def ipow(a, b):
    a **= b
    return a


def irshift(a, b):
    a >>= b
    return a


def isub(a, b):
    a -= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ixor(a, b):
    a ^= b
    return a


# Callable factories

class attrgetter:

    def __init__(self, *attrs):
        if not attrs:
            raise TypeError("attrgetter expected 1 argument, got 0")
        for attr in attrs:
            if not isinstance(attr, str):
                raise TypeError("attribute name must be a string")
        self._attrs = attrs
        self._paths = [attr.split(".") for attr in attrs]

    @staticmethod
    def _resolve(obj, path):
        for name in path:
            obj = getattr(obj, name)
        return obj

    def __call__(self, obj):
        if len(self._paths) == 1:
            return self._resolve(obj, self._paths[0])
        return tuple(self._resolve(obj, path) for path in self._paths)

    def __repr__(self):
        return f"operator.attrgetter({', '.join(map(repr, self._attrs))})"


class itemgetter:

    def __init__(self, *items):
        if not items:
            raise TypeError("itemgetter expected 1 argument, got 0")
        self._items = items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[item] for item in self._items)

    def __repr__(self):
        return f"operator.itemgetter({', '.join(map(repr, self._items))})"


class methodcaller:

    def __init__(self, *args, **kwargs):
        if not args:
            raise TypeError("methodcaller needs at least one argument, the method name")
        if not isinstance(args[0], str):
            raise TypeError("method name must be a string")
        self._name = args[0]
        self._args = args[1:]
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        parts += [repr(a) for a in self._args]
        parts += [f"{k}={v!r}" for k, v in self._kwargs.items()]
        return f"operator.methodcaller({', '.join(parts)})"


# Dunder aliases, as in CPython's operator module.
__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor
