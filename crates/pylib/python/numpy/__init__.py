"""NumPy's Python-level API, as TensorFlow programs use it, over the playground's native
core (`_numpy`: ndarray, dtypes, array creation, the elementwise functions, reductions,
joining and selection on the engine's kernels) and `numpy.random`.
"""

from _numpy import (_arg_reduce, _concatenate, _print_options, _reduce, _ufunc, _where, arange, array,
                    asarray, bool, bool_, bytes_, dtype, e, float16, float32,
                    float64, int8, int16, int32, int64, ndarray, newaxis, ones, pi, random,
                    uint8, zeros)

# Python's own max, before this module's max (NumPy's) takes the name.
_builtin_max = max

__version__ = "2.4.6"

inf = float("inf")
nan = float("nan")


def _unary(name):
    def function(x, /):
        return _ufunc(name, x)
    function.__name__ = name
    function.__qualname__ = name
    return function


def _binary(name):
    def function(x1, x2, /):
        return _ufunc(name, x1, x2)
    function.__name__ = name
    function.__qualname__ = name
    return function


absolute = _unary("absolute")
abs = absolute
negative = _unary("negative")
sign = _unary("sign")
square = _unary("square")
sqrt = _unary("sqrt")
exp = _unary("exp")
log = _unary("log")
log1p = _unary("log1p")
expm1 = _unary("expm1")
sin = _unary("sin")
cos = _unary("cos")
tan = _unary("tan")
tanh = _unary("tanh")
arctan = _unary("arctan")
arcsin = _unary("arcsin")
arccos = _unary("arccos")
floor = _unary("floor")
ceil = _unary("ceil")
logical_not = _unary("logical_not")

add = _binary("add")
subtract = _binary("subtract")
multiply = _binary("multiply")
true_divide = _binary("true_divide")
divide = true_divide
floor_divide = _binary("floor_divide")
remainder = _binary("remainder")
mod = remainder
power = _binary("power")
maximum = _binary("maximum")
minimum = _binary("minimum")
equal = _binary("equal")
not_equal = _binary("not_equal")
less = _binary("less")
less_equal = _binary("less_equal")
greater = _binary("greater")
greater_equal = _binary("greater_equal")
logical_and = _binary("logical_and")
logical_or = _binary("logical_or")


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    result = _reduce("sum", a, axis, keepdims)
    return result if dtype is None else result.astype(dtype)


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    result = _reduce("mean", a, axis, keepdims)
    return result if dtype is None else result.astype(dtype)


def _count(a, axis):
    if axis is None:
        return a.size
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    count = 1
    for ax in axes:
        count *= a.shape[ax]
    return count


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    a = asarray(a)
    if a.dtype.kind in "biu":
        a = a.astype(float64)
    count = _count(a, axis)
    deviations = a - sum(a, axis=axis, keepdims=True) / count
    result = sum(deviations * deviations, axis=axis, keepdims=keepdims)
    return result / _builtin_max(count - ddof, 0)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return sqrt(var(a, axis=axis, ddof=ddof, keepdims=keepdims))


def prod(a, axis=None, dtype=None, out=None, keepdims=False):
    return _reduce("prod", a, axis, keepdims)


def max(a, axis=None, out=None, keepdims=False):
    return _reduce("max", a, axis, keepdims)


def min(a, axis=None, out=None, keepdims=False):
    return _reduce("min", a, axis, keepdims)


amax = max
amin = min


def any(a, axis=None, out=None, keepdims=False):
    return _reduce("any", a, axis, keepdims)


def all(a, axis=None, out=None, keepdims=False):
    return _reduce("all", a, axis, keepdims)


def argmax(a, axis=None, out=None, *, keepdims=False):
    return _arg_reduce("argmax", a, axis)


def argmin(a, axis=None, out=None, *, keepdims=False):
    return _arg_reduce("argmin", a, axis)


def clip(a, a_min, a_max, out=None):
    result = asarray(a)
    if a_min is not None:
        result = maximum(result, a_min)
    if a_max is not None:
        result = minimum(result, a_max)
    return result


def where(condition, x=None, y=None, /):
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    return _where(condition, x, y)


def nonzero(a):
    a = asarray(a)
    shape = a.shape
    flat = a.reshape(-1).tolist()
    found = [index for index, value in enumerate(flat) if value]
    axes = []
    for dim in range(len(shape)):
        stride = 1
        for later in shape[dim + 1:]:
            stride *= later
        axes.append(array([index // stride % shape[dim] for index in found], dtype=int64))
    return tuple(axes)


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    return a.size if axis is None else a.shape[axis]


def reshape(a, shape, order="C"):
    return asarray(a).reshape(shape)


def ravel(a, order="C"):
    return asarray(a).reshape(-1)


def _normalize_axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise IndexError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def expand_dims(a, axis):
    a = asarray(a)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    out_ndim = a.ndim + len(axes)
    positions = sorted(_normalize_axis(ax, out_ndim) for ax in axes)
    dims = list(a.shape)
    for position in positions:
        dims.insert(position, 1)
    return a.reshape(tuple(dims))


def squeeze(a, axis=None):
    a = asarray(a)
    if axis is None:
        return a.reshape(tuple(d for d in a.shape if d != 1))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = [_normalize_axis(ax, a.ndim) for ax in axes]
    for ax in axes:
        if a.shape[ax] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return a.reshape(tuple(d for i, d in enumerate(a.shape) if i not in axes))


def concatenate(arrays, axis=0, out=None, dtype=None):
    result = _concatenate(list(arrays), axis)
    return result if dtype is None else result.astype(dtype)


def stack(arrays, axis=0, out=None, *, dtype=None):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to stack")
    shapes = {a.shape for a in arrays}
    if len(shapes) != 1:
        raise ValueError("all input arrays must have the same shape")
    axis = _normalize_axis(axis, arrays[0].ndim + 1)
    return concatenate([expand_dims(a, axis) for a in arrays], axis=axis, dtype=dtype)


def vstack(tup, *, dtype=None):
    arrays = [asarray(a) for a in tup]
    arrays = [a.reshape(1, -1) if a.ndim < 2 else a for a in arrays]
    return concatenate(arrays, axis=0, dtype=dtype)


def hstack(tup, *, dtype=None):
    arrays = [asarray(a) for a in tup]
    arrays = [a.reshape(-1) if a.ndim == 0 else a for a in arrays]
    return concatenate(arrays, axis=0 if arrays and arrays[0].ndim == 1 else 1, dtype=dtype)


def zeros_like(a, dtype=None):
    a = asarray(a)
    return zeros(a.shape, dtype=a.dtype if dtype is None else dtype)


def ones_like(a, dtype=None):
    a = asarray(a)
    return ones(a.shape, dtype=a.dtype if dtype is None else dtype)


def full(shape, fill_value, dtype=None):
    if dtype is None:
        dtype = asarray(fill_value).dtype
    return zeros(shape, dtype=dtype) + fill_value


def full_like(a, fill_value, dtype=None):
    a = asarray(a)
    return full(a.shape, fill_value, dtype=a.dtype if dtype is None else dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    start = float(start)
    stop = float(stop)
    delta = stop - start
    step = delta / div if div > 0 else float("nan")
    if div > 0:
        if step == 0:
            values = [index / div * delta + start for index in range(num)]
        else:
            values = [index * step + start for index in range(num)]
    else:
        values = [index * delta + start for index in range(num)]
    if endpoint and num > 1:
        values[-1] = stop
    result = array(values, dtype=float64)
    if dtype is not None:
        result = result.astype(dtype)
    return (result, float64(step)) if retstep else result


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x = asarray(a)
    y = asarray(b)
    if x.dtype.kind not in "fc":
        x = x.astype(float64)
    if y.dtype.kind not in "fc":
        y = y.astype(float64)
    finite = logical_and(_ufunc("less", absolute(x), inf), _ufunc("less", absolute(y), inf))
    within = less_equal(absolute(subtract(x, y)), atol + rtol * absolute(y))
    result = _where(finite, within, equal(x, y))
    if equal_nan:
        result = logical_or(result, logical_and(not_equal(x, x), not_equal(y, y)))
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1, a2, equal_nan=False):
    a1 = asarray(a1)
    a2 = asarray(a2)
    if a1.shape != a2.shape:
        return False
    if equal_nan:
        return bool(all(logical_or(equal(a1, a2), logical_and(not_equal(a1, a1), not_equal(a2, a2)))))
    return bool(all(equal(a1, a2)))


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     suppress=None, nanstr=None, infstr=None, formatter=None, sign=None,
                     floatmode=None, *, legacy=None, override_repr=None):
    _print_options(precision, threshold, edgeitems, linewidth, suppress)


def get_printoptions():
    precision, threshold, edgeitems, linewidth, suppress = _print_options(None, None, None, None, None)
    return {"edgeitems": edgeitems, "threshold": threshold, "floatmode": "maxprec",
            "precision": precision, "suppress": suppress, "linewidth": linewidth,
            "nanstr": "nan", "infstr": "inf", "sign": "-", "formatter": None,
            "legacy": False, "override_repr": None}


class printoptions:
    """`with np.printoptions(...)`: the options inside the block, the old ones after."""

    def __init__(self, *args, **kwargs):
        self._args = args
        self._kwargs = kwargs
        self._saved = None

    def __enter__(self):
        self._saved = _print_options(None, None, None, None, None)
        set_printoptions(*self._args, **self._kwargs)
        return get_printoptions()

    def __exit__(self, *exc):
        precision, threshold, edgeitems, linewidth, suppress = self._saved
        _print_options(precision, threshold, edgeitems, linewidth, suppress)
        return False


from . import testing
