"""NumPy's Python-level API, as TensorFlow programs use it, over the playground's native
core (`_numpy`: ndarray, dtypes, array creation, the elementwise functions, reductions,
joining and selection on the engine's kernels) and `numpy.random`.
"""

from _numpy import (_arg_reduce, _complex_part, _concatenate, _cumsum, _matmul, _print_options, _reduce,
                    _ufunc, _where, arange, array, array2string, asarray, bool, bool_, bytes_,
                    complex64, complex128, dtype, e, float16, float32, float64, int8, int16,
                    int32, int64, ndarray, newaxis, ones, pi, random, uint8, uint16, uint32,
                    uint64, zeros)

# NumPy's aliases of the sized types (x86-64 Linux: `uint` is uint64, `uintc` uint32).
complex_ = cdouble = complex128
csingle = complex64
ushort = uint16
uintc = uint32
uint = ulonglong = uint64

# Python's own max and min, before this module's (NumPy's) take the names; and numpy.dtype,
# for classes whose attributes are named dtype.
_builtin_max = max
_builtin_min = min
_dtype = dtype

__version__ = "2.4.6"

inf = float("inf")
nan = float("nan")


class str_(str):
    """NumPy's string scalar: a `str` that shows as `np.str_('...')` (what the elements of
    a unicode array are; Keras's vocabularies hand them out)."""

    __module__ = "numpy"

    def __repr__(self):
        return f"np.str_({str.__repr__(self)})"


def _function(name, operands):
    """The elementwise function `name` of one or two operands."""
    if operands == 1:
        def function(x, /):
            return _ufunc(name, x)
    else:
        def function(x1, x2, /):
            return _ufunc(name, x1, x2)
    function.__name__ = name
    function.__qualname__ = name
    return function


def _unary(name):
    return _function(name, 1)


def _binary(name):
    return _function(name, 2)


absolute = _unary("absolute")


def real(val):
    """The real parts (a real array is its own)."""
    return _complex_part(val, "real")


def imag(val):
    """The imaginary parts (zeros for a real array)."""
    return _complex_part(val, "imag")


def conjugate(x, /):
    """The complex conjugate (a real array is its own)."""
    return _complex_part(x, "conj")


conj = conjugate


def angle(z, deg=False):
    """The argument of each element, in radians (degrees with `deg`)."""
    z = asarray(z)
    result = _complex_part(z if z.dtype.kind == "c" else z + 0j, "angle")
    return result * (180 / pi) if deg else result


def iscomplexobj(x):
    """Whether `x` is of a complex type (not whether any element has an imaginary part)."""
    return asarray(x).dtype.kind == "c"


def isrealobj(x):
    """Whether `x` is not of a complex type."""
    return not iscomplexobj(x)
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
sinh = _unary("sinh")
cosh = _unary("cosh")
log2 = _unary("log2")
log10 = _unary("log10")
exp2 = _unary("exp2")
cbrt = _unary("cbrt")
rint = _unary("rint")
trunc = _unary("trunc")
arcsinh = _unary("arcsinh")
arccosh = _unary("arccosh")
arctanh = _unary("arctanh")
deg2rad = _unary("deg2rad")
rad2deg = _unary("rad2deg")
radians = deg2rad
degrees = rad2deg

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
arctan2 = _binary("arctan2")
hypot = _binary("hypot")
bitwise_and = _binary("bitwise_and")
bitwise_or = _binary("bitwise_or")
bitwise_xor = _binary("bitwise_xor")
left_shift = _binary("left_shift")
right_shift = _binary("right_shift")


def invert(x, /):
    x = asarray(x)
    if x.dtype.kind == "b":
        return logical_not(x)
    return bitwise_xor(x, -1)


bitwise_not = invert


def reciprocal(x, /):
    return true_divide(1, x) if asarray(x).dtype.kind == "f" else floor_divide(1, x)


def isnan(x, /):
    x = asarray(x)
    return not_equal(x, x) if x.dtype.kind == "f" else zeros(x.shape, dtype=bool)


def isinf(x, /):
    x = asarray(x)
    return equal(absolute(x), inf) if x.dtype.kind == "f" else zeros(x.shape, dtype=bool)


def isfinite(x, /):
    x = asarray(x)
    return less(absolute(x), inf) if x.dtype.kind == "f" else ones(x.shape, dtype=bool)


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    result = _reduce("sum", a, axis, keepdims)
    return result if dtype is None else result.astype(dtype)


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    result = _reduce("mean", a, axis, keepdims)
    return result if dtype is None else result.astype(dtype)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The mean, or with `weights` the weighted mean, along `axis`."""
    a = asarray(a)
    if weights is None:
        avg = mean(a, axis=axis, keepdims=keepdims)
        # The count of values averaged, in the mean's dtype.
        count = sum(ones(a.shape, dtype=asarray(avg).dtype), axis=axis, keepdims=keepdims) \
            if returned else None
    else:
        w = asarray(weights)
        if a.shape != w.shape:
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            if w.ndim != 1:
                raise TypeError("1D weights expected when shapes of a and weights differ.")
            if w.shape[0] != a.shape[axis]:
                raise ValueError("Length of weights not compatible with specified axis.")
            shape = [1] * a.ndim
            shape[axis] = w.shape[0]
            w = w.reshape(shape)
        count = sum(broadcast_to(w, a.shape), axis=axis, keepdims=keepdims)
        if any(count == 0.0):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = true_divide(sum(multiply(a, w), axis=axis, keepdims=keepdims), count)
    if returned:
        if asarray(count).shape != asarray(avg).shape:
            count = broadcast_to(count, asarray(avg).shape).copy()
        return avg, count
    return avg


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """The covariance matrix of the variables in `m` (rows, or columns when
    `rowvar=False`), as NumPy computes it (frequency and analytic weights are not
    emulated)."""
    if fweights is not None or aweights is not None:
        raise NotImplementedError("np.cov with fweights or aweights is not emulated.")
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = float64
    X = _at_least_2d(asarray(m, dtype=dtype))
    if not rowvar and m.ndim != 1:
        X = X.T
    if X.shape[0] == 0:
        return array([]).reshape(0, 0)
    if y is not None:
        y = _at_least_2d(asarray(y, dtype=dtype))
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 1 if not bias else 0
    fact = X.shape[1] - ddof
    if fact <= 0:
        import warnings
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    X = X - mean(X, axis=1)[:, None]
    c = dot(X, X.T)
    c = c * true_divide(1, fact)
    return c.squeeze()


def _at_least_2d(a):
    return a.reshape(1, -1) if a.ndim < 2 else a


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients, from `cov`."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    d = diag(c)
    stddev = sqrt(d)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    return clip(c, -1, 1)


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
    fill = asarray(fill_value)
    if dtype is None:
        dtype = fill.dtype
    # The value is cast to `dtype` (unsafely, as NumPy fills), then broadcast.
    return zeros(shape, dtype=dtype) + fill.astype(dtype)


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


def _rows(a):
    """The last axis's lanes of `a` as lists, and a function back to an array of `a`'s shape."""
    a = asarray(a)
    width = a.shape[-1] if a.ndim else 1
    flat = a.reshape(-1).tolist()
    lanes = [flat[start:start + width] for start in range(0, len(flat), width)] if width else []
    return a, lanes


def _sort_key(value):
    # NaN sorts last, as in NumPy.
    return (value != value, value)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    a = asarray(a)
    if axis is None:
        a = a.reshape(-1)
        axis = -1
    if a.ndim == 0:
        return array(0, dtype=int64)
    if _normalize_axis(axis, a.ndim) != a.ndim - 1:
        moved = swapaxes(a, axis, -1)
        return swapaxes(argsort(moved, -1), axis, -1)
    a, lanes = _rows(a)
    out = []
    for lane in lanes:
        out.extend(sorted(range(len(lane)), key=lambda i: _sort_key(lane[i])))
    return array(out, dtype=int64).reshape(a.shape)


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    a = asarray(a)
    if axis is None:
        a = a.reshape(-1)
        axis = -1
    if a.ndim == 0:
        return a
    if _normalize_axis(axis, a.ndim) != a.ndim - 1:
        return swapaxes(sort(swapaxes(a, axis, -1), -1), axis, -1)
    a, lanes = _rows(a)
    out = []
    for lane in lanes:
        out.extend(sorted(lane, key=_sort_key))
    return array(out, dtype=a.dtype).reshape(a.shape)


def swapaxes(a, axis1, axis2):
    a = asarray(a)
    axes = list(range(a.ndim))
    first = _normalize_axis(axis1, a.ndim)
    second = _normalize_axis(axis2, a.ndim)
    axes[first], axes[second] = axes[second], axes[first]
    return transpose(a, axes)


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None,
           *, equal_nan=True):
    a = asarray(ar)
    flat = a.reshape(-1).tolist()
    order = sorted(range(len(flat)), key=lambda i: _sort_key(flat[i]))
    values, firsts, counts = [], [], []
    inverse = [0] * len(flat)
    for i in order:
        value = flat[i]
        same = values and (values[-1] == value or (value != value and values[-1] != values[-1]))
        if not same:
            values.append(value)
            firsts.append(i)
            counts.append(0)
        counts[-1] += 1
        inverse[i] = len(values) - 1
    result = array(values, dtype=a.dtype)
    extras = []
    if return_index:
        extras.append(array(firsts, dtype=int64))
    if return_inverse:
        extras.append(array(inverse, dtype=int64).reshape(a.shape))
    if return_counts:
        extras.append(array(counts, dtype=int64))
    return (result, *extras) if extras else result


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + (k if k >= 0 else -k)
        items = v.tolist()
        rows = []
        for i in range(n):
            row = [0] * n
            j = i + k
            if 0 <= j < n and 0 <= (i if k >= 0 else j) < len(items):
                row[j] = items[i if k >= 0 else j]
            rows.append(row)
        return array(rows, dtype=v.dtype)
    if v.ndim == 2:
        rows = v.tolist()
        out = []
        for i in range(len(rows)):
            j = i + k
            if 0 <= j < len(rows[0]):
                out.append(rows[i][j])
        return array(out, dtype=v.dtype)
    raise ValueError("Input must be 1- or 2-d.")


def append(arr, values, axis=None):
    arr = asarray(arr)
    values = asarray(values)
    if axis is None:
        return concatenate([arr.reshape(-1), values.reshape(-1)])
    return concatenate([arr, values], axis=axis)


def bincount(x, weights=None, minlength=0):
    items = asarray(x).reshape(-1).tolist()
    if items and _builtin_min(items) < 0:
        raise ValueError("'list' argument must have no negative elements")
    size = _builtin_max((_builtin_max(items) + 1) if items else 0, minlength)
    if weights is None:
        counts = [0] * size
        for item in items:
            counts[item] += 1
        return array(counts, dtype=int64)
    weights = asarray(weights).reshape(-1).tolist()
    sums = [0.0] * size
    for item, weight in zip(items, weights):
        sums[item] += weight
    return array(sums, dtype=float64)


def delete(arr, obj, axis=None):
    arr = asarray(arr)
    if axis is None:
        arr = arr.reshape(-1)
        axis = 0
    axis = _normalize_axis(axis, arr.ndim)
    length = arr.shape[axis]
    drop = obj if isinstance(obj, (list, tuple)) else asarray(obj).reshape(-1).tolist()
    if isinstance(obj, slice):
        drop = list(range(length))[obj]
    drop = {d % length for d in drop}
    keep = [i for i in range(length) if i not in drop]
    pieces = [arr[(slice(None),) * axis + (slice(i, i + 1),)] for i in keep]
    if not pieces:
        shape = list(arr.shape)
        shape[axis] = 0
        return zeros(tuple(shape), dtype=arr.dtype)
    return concatenate(pieces, axis=axis)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    arrays = [asarray(x).reshape(-1) for x in xi]
    if indexing == "xy" and len(arrays) >= 2:
        arrays[0], arrays[1] = arrays[1], arrays[0]
    shape = tuple(a.shape[0] for a in arrays)
    grids = []
    for position, a in enumerate(arrays):
        view = [1] * len(arrays)
        view[position] = shape[position]
        grids.append(a.reshape(tuple(view)) + zeros(shape, dtype=a.dtype))
    if indexing == "xy" and len(grids) >= 2:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def split(ary, indices_or_sections, axis=0):
    ary = asarray(ary)
    axis = _normalize_axis(axis, ary.ndim)
    length = ary.shape[axis]
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0 or length % sections:
            raise ValueError("array split does not result in an equal division")
        step = length // sections
        bounds = [i * step for i in range(sections + 1)]
    else:
        bounds = [0] + [int(i) for i in indices_or_sections] + [length]
    lead = (slice(None),) * axis
    return [ary[lead + (slice(start, stop),)] for start, stop in zip(bounds[:-1], bounds[1:])]


class vectorize:
    """`np.vectorize(pyfunc)`: calls `pyfunc` on each element (broadcast arguments)."""

    def __init__(self, pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        self.pyfunc = pyfunc
        self.otypes = otypes

    def __call__(self, *args):
        arrays = [asarray(a) for a in args]
        shape = ()
        for a in arrays:
            if len(a.shape) > len(shape) or (len(a.shape) == len(shape) and a.size > 1):
                shape = a.shape
        full_arrays = [(a + zeros(shape, dtype=a.dtype)).reshape(-1).tolist() for a in arrays]
        count = 1
        for dim in shape:
            count *= dim
        results = [self.pyfunc(*[column[i] for column in full_arrays]) for i in range(count)]
        dtype = self.otypes[0] if self.otypes else None
        return array(results, dtype=dtype).reshape(shape)


class finfo:
    """Machine limits of a float type."""

    _LIMITS = {
        "float16": (10, 5, 16, "6.104e-05", 0.0009765625, 65504.0, 3, 0.001),
        "float32": (23, 8, 32, None, 1.1920928955078125e-07, 3.4028234663852886e38, 6, 1e-06),
        "float64": (52, 11, 64, None, 2.220446049250313e-16, 1.7976931348623157e308, 15, 1e-15),
    }

    def __init__(self, dtype=float64):
        name = str(asarray(0, dtype=dtype).dtype) if not isinstance(dtype, str) else dtype
        if name not in self._LIMITS:
            name = str(dtype(0).dtype) if callable(dtype) else name
        nmant, nexp, bits, _, eps, largest, precision, resolution = self._LIMITS[name]
        self.dtype = _dtype(name)
        self.bits = bits
        self.nmant = nmant
        self.nexp = nexp
        self.precision = precision
        self.eps = array(eps, dtype=name)
        self.max = array(largest, dtype=name)
        self.min = array(-largest, dtype=name)
        self.tiny = array(2.0 ** (2 - 2 ** (nexp - 1)), dtype=name)
        self.smallest_normal = self.tiny
        self.resolution = array(resolution, dtype=name)
        self.epsneg = array(eps / 2, dtype=name)


class iinfo:
    """Machine limits of an integer type."""

    def __init__(self, int_type):
        name = str(asarray(0, dtype=int_type).dtype)
        bits = {"int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16,
                "uint32": 32, "uint64": 64}[name]
        self.dtype = _dtype(name)
        self.bits = bits
        self.kind = "u" if name.startswith("u") else "i"
        self.min = 0 if self.kind == "u" else -(2 ** (bits - 1))
        self.max = 2 ** bits - 1 if self.kind == "u" else 2 ** (bits - 1) - 1


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False):
    return _quantile(a, true_divide(q, 100), axis, keepdims)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False):
    return _quantile(a, asarray(q), axis, keepdims)


def _quantile(a, quantiles, axis, keepdims):
    a = asarray(a)
    if a.dtype.kind in "biu":
        a = a.astype(float64)
    if axis is None:
        lanes = [sorted(a.reshape(-1).tolist(), key=_sort_key)]
        out_shape = ()
    else:
        moved = swapaxes(a, axis, -1) if _normalize_axis(axis, a.ndim) != a.ndim - 1 else a
        _, lanes = _rows(moved)
        lanes = [sorted(lane, key=_sort_key) for lane in lanes]
        out_shape = moved.shape[:-1]
    qs = asarray(quantiles).reshape(-1).tolist()
    results = []
    for q in qs:
        for lane in lanes:
            n = len(lane)
            virtual = q * (n - 1)
            below = int(virtual // 1)
            below = _builtin_max(0, min(array([below, n - 1])).item())
            above = below + 1 if below + 1 < n else n - 1
            t = virtual - below
            lo = array(lane[below], dtype=a.dtype)
            hi = array(lane[above], dtype=a.dtype)
            diff = hi - lo
            value = hi - diff * (1 - t) if t >= 0.5 else lo + diff * t
            results.append(value)
    result = array([r.item() for r in results], dtype=a.dtype)
    q_shape = asarray(quantiles).shape
    result = result.reshape(q_shape + tuple(out_shape))
    return result


def _shape_text(shape):
    return "(" + ",".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def matmul(x1, x2, /):
    a = asarray(x1)
    b = asarray(x2)
    for position, operand in enumerate((a, b)):
        if operand.ndim == 0:
            raise ValueError(
                f"matmul: Input operand {position} does not have enough dimensions (has 0, "
                "gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    vector_a = a.ndim == 1
    vector_b = b.ndim == 1
    if vector_a:
        a = a.reshape(1, -1)
    if vector_b:
        b = b.reshape(-1, 1)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature (n?,k),(k,m?)->(n?,m?) (size {b.shape[-2]} is different from "
            f"{a.shape[-1]})")
    result = _matmul(a, b)
    if vector_a:
        result = result.reshape(result.shape[:-2] + result.shape[-1:])
    if vector_b:
        result = result.reshape(result.shape[:-1])
    return result


def dot(a, b, out=None):
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    inner = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if a.shape[-1] != inner:
        raise ValueError(
            f"shapes {_shape_text(a.shape)} and {_shape_text(b.shape)} not aligned: "
            f"{a.shape[-1]} (dim {a.ndim - 1}) != {inner} (dim {_builtin_max(b.ndim - 2, 0)})")
    if a.ndim <= 2 and b.ndim <= 2:
        return matmul(a, b)
    return tensordot(a, b, axes=([-1], [_builtin_max(b.ndim - 2, 0)]))


def vdot(a, b, /):
    return dot(asarray(a).reshape(-1), asarray(b).reshape(-1))


def inner(a, b, /):
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    return tensordot(a, b, axes=([-1], [-1]))


def outer(a, b, out=None):
    return multiply(asarray(a).reshape(-1, 1), asarray(b).reshape(1, -1))


def tensordot(a, b, axes=2):
    a = asarray(a)
    b = asarray(b)
    if isinstance(axes, int):
        axes_a = list(range(a.ndim - axes, a.ndim))
        axes_b = list(range(axes))
    else:
        axes_a, axes_b = axes
        axes_a = [axes_a] if isinstance(axes_a, int) else list(axes_a)
        axes_b = [axes_b] if isinstance(axes_b, int) else list(axes_b)
    axes_a = [_normalize_axis(ax, a.ndim) for ax in axes_a]
    axes_b = [_normalize_axis(ax, b.ndim) for ax in axes_b]
    for ax_a, ax_b in zip(axes_a, axes_b):
        if a.shape[ax_a] != b.shape[ax_b]:
            raise ValueError("shape-mismatch for sum")
    free_a = [ax for ax in range(a.ndim) if ax not in axes_a]
    free_b = [ax for ax in range(b.ndim) if ax not in axes_b]
    summed = 1
    for ax in axes_a:
        summed *= a.shape[ax]
    left = a.transpose(free_a + axes_a).reshape(-1, summed)
    right = b.transpose(axes_b + free_b).reshape(summed, -1)
    shape = tuple(a.shape[ax] for ax in free_a) + tuple(b.shape[ax] for ax in free_b)
    return _matmul(left, right).reshape(shape)


def cumsum(a, axis=None, dtype=None, out=None):
    a = asarray(a)
    return _cumsum(a if dtype is None else a.astype(dtype), axis)


def cumprod(a, axis=None, dtype=None, out=None):
    a = asarray(a)
    if dtype is not None:
        a = a.astype(dtype)
    elif a.dtype.kind in "bi" and a.dtype != int64:
        a = a.astype(int64)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _normalize_axis(axis, a.ndim)
    result = a.copy()
    lead = (slice(None),) * axis
    for i in range(1, a.shape[axis]):
        result[lead + (i,)] = result[lead + (i,)] * result[lead + (i - 1,)]
    return result


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a = a.reshape(-1)
        axis = 0
    axis = _normalize_axis(axis, a.ndim)
    length = a.shape[axis]
    counts = asarray(repeats).reshape(-1).tolist()
    if len(counts) == 1:
        counts = counts * length
    if len(counts) != length:
        raise ValueError(
            f"operands could not be broadcast together with shape ({length},) ({len(counts)},)")
    picks = [i for i, count in enumerate(counts) for _ in range(count)]
    return a[(slice(None),) * axis + (array(picks, dtype=int64),)]


def tile(A, reps):
    a = asarray(A)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    depth = _builtin_max(len(reps), a.ndim)
    reps = (1,) * (depth - len(reps)) + reps
    a = a.reshape((1,) * (depth - a.ndim) + a.shape)
    for axis, count in enumerate(reps):
        if count != 1:
            a = concatenate([a] * count, axis=axis) if count > 0 else \
                a[(slice(None),) * axis + (slice(0, 0),)]
    return a.copy()


def eye(N, M=None, k=0, dtype=float64, order="C", *, device=None, like=None):
    M = N if M is None else M
    result = zeros((N, M), dtype=dtype)
    for i in range(N):
        if 0 <= i + k < M:
            result[i, i + k] = 1
    return result


def identity(n, dtype=None, *, like=None):
    return eye(n, dtype=float64 if dtype is None else dtype)


def flip(m, axis=None):
    m = asarray(m)
    axes = range(m.ndim) if axis is None else (axis if isinstance(axis, (tuple, list)) else (axis,))
    axes = {_normalize_axis(ax, m.ndim) for ax in axes}
    return m[tuple(slice(None, None, -1) if ax in axes else slice(None) for ax in range(m.ndim))]


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = asarray(a)
    if axis is None:
        return roll(a.reshape(-1), shift, 0).reshape(a.shape)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    result = a
    for step, ax in zip(shifts, axes):
        ax = _normalize_axis(ax, a.ndim)
        length = a.shape[ax]
        if length:
            picks = array([(i - step) % length for i in range(length)], dtype=int64)
            result = result[(slice(None),) * ax + (picks,)]
    return result.copy()


def around(a, decimals=0, out=None):
    return asarray(a).round(decimals)


round = around


def empty(shape, dtype=float64, order="C", *, device=None, like=None):
    return zeros(shape, dtype=dtype)


def empty_like(prototype, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return zeros_like(prototype, dtype=dtype)


def argwhere(a):
    a = asarray(a)
    found = nonzero(a)
    if not found:
        return zeros((int(bool(a)), 0), dtype=int64)
    return stack(found, axis=-1)


def count_nonzero(a, axis=None, *, keepdims=False):
    a = asarray(a)
    counts = sum(not_equal(a, 0) if a.dtype.kind != "b" else a, axis=axis, keepdims=keepdims)
    return int(counts) if axis is None and not keepdims else counts


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = asarray(a)
    if a.ndim != 2 or (axis1, axis2) != (0, 1):
        raise NotImplementedError("np.diagonal is emulated for 2-d arrays on axes (0, 1)")
    rows = [i for i in range(a.shape[0]) if 0 <= i + offset < a.shape[1]]
    return a[array(rows, dtype=int64), array([i + offset for i in rows], dtype=int64)]


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return sum(diagonal(a, offset, axis1, axis2), dtype=dtype)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    a = asarray(a)
    return sum(_where(isnan(a), 0, a), axis=axis, dtype=dtype, keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    a = asarray(a)
    present = logical_not(isnan(a))
    return true_divide(nansum(a, axis=axis, keepdims=keepdims),
                       sum(present, axis=axis, keepdims=keepdims))


def nanmax(a, axis=None, out=None, keepdims=False):
    a = asarray(a)
    return max(_where(isnan(a), -inf, a), axis=axis, keepdims=keepdims)


def nanmin(a, axis=None, out=None, keepdims=False):
    a = asarray(a)
    return min(_where(isnan(a), inf, a), axis=axis, keepdims=keepdims)


def moveaxis(a, source, destination):
    a = asarray(a)
    sources = source if isinstance(source, (tuple, list)) else (source,)
    destinations = destination if isinstance(destination, (tuple, list)) else (destination,)
    sources = [_normalize_axis(ax, a.ndim) for ax in sources]
    destinations = [_normalize_axis(ax, a.ndim) for ax in destinations]
    order = [ax for ax in range(a.ndim) if ax not in sources]
    for dest, src in sorted(zip(destinations, sources)):
        order.insert(dest, src)
    return a.transpose(order)


def atleast_1d(*arys):
    result = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return result[0] if len(result) == 1 else result


def atleast_2d(*arys):
    result = []
    for a in arys:
        a = asarray(a)
        result.append(a.reshape(1, -1) if a.ndim < 2 else a)
    return result[0] if len(result) == 1 else result


def column_stack(tup):
    arrays = [asarray(a) for a in tup]
    return concatenate([a.reshape(-1, 1) if a.ndim < 2 else a for a in arrays], axis=1)


def array_split(ary, indices_or_sections, axis=0):
    ary = asarray(ary)
    axis = _normalize_axis(axis, ary.ndim)
    length = ary.shape[axis]
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extra = divmod(length, sections)
        bounds = [0]
        for i in range(sections):
            bounds.append(bounds[-1] + each + (1 if i < extra else 0))
    else:
        bounds = [0] + [int(i) for i in indices_or_sections] + [length]
    lead = (slice(None),) * axis
    return [ary[lead + (slice(start, stop),)] for start, stop in zip(bounds[:-1], bounds[1:])]


from . import _methods, linalg
from ._npyio import NpzFile, frombuffer, load, save, savez, savez_compressed


def _register_numbers():
    """NumPy's scalar types in the numeric tower, as NumPy registers them."""
    import numbers
    for kind in (float16, float32, float64):
        numbers.Real.register(kind)
    for kind in (int8, int16, int32, int64, uint8, uint16, uint32, uint64):
        numbers.Integral.register(kind)
    for kind in (complex64, complex128):
        numbers.Complex.register(kind)


_register_numbers()

from ._scalar_kinds import (  # noqa: E402
    character, complexfloating, flexible, floating, generic, inexact, integer, issubdtype,
    number, signedinteger, unsignedinteger,
)


def broadcast_to(array, shape, subok=False):
    """`array` broadcast to `shape` (a copy here; NumPy's is a read-only view)."""
    array = asarray(array)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    given = tuple(array.shape)
    fits = len(given) <= len(shape)
    for g, s in zip(given[::-1], shape[::-1]):
        fits = fits and (g == 1 or g == s)
    if not fits:
        if len(given) > len(shape):
            raise ValueError("input operand has more dimensions than allowed by the axis "
                             "remapping")
        raise ValueError(
            "operands could not be broadcast together with remapped shapes "
            f"[original->remapped]: {given}  and requested shape {shape}")
    out = zeros(shape, dtype=array.dtype)
    out[...] = array
    return out


def _along(ndim, axis, index):
    """An index tuple taking `index` along `axis` and everything elsewhere."""
    return (slice(None),) * axis + (index,) + (slice(None),) * (ndim - axis - 1)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """The `n`-th differences along `axis` (`!=` for booleans), as NumPy computes them."""
    a = asarray(a)
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = axis + a.ndim if axis < 0 else axis
    parts = []
    for extra, first in ((prepend, True), (append, False)):
        if extra is None:
            continue
        extra = asarray(extra)
        if extra.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            extra = broadcast_to(extra, tuple(shape))
        parts.append((first, extra))
    if parts:
        a = concatenate([p for f, p in parts if f] + [a] + [p for f, p in parts if not f],
                        axis=axis)
    for _ in range(n):
        upper = a[_along(a.ndim, axis, slice(1, None))]
        lower = a[_along(a.ndim, axis, slice(None, -1))]
        a = not_equal(upper, lower) if a.dtype == bool_ else upper - lower
    return a


def _triangle(m, k, lower):
    m = asarray(m)
    rows, cols = m.shape[-2], m.shape[-1]
    i = arange(rows).reshape(rows, 1)
    j = arange(cols).reshape(1, cols)
    keep = (j <= i + k) if lower else (j >= i + k)
    return where(keep, m, zeros(1, dtype=m.dtype))


def tril(m, k=0):
    """The lower triangle (on and below diagonal `k`); zeros above."""
    return _triangle(m, k, True)


def triu(m, k=0):
    """The upper triangle (on and above diagonal `k`); zeros below."""
    return _triangle(m, k, False)


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of `a` (flattened when `axis` is None) at `indices`."""
    a = asarray(a)
    if axis is None:
        return a.reshape(-1)[asarray(indices)]
    axis = axis + a.ndim if axis < 0 else axis
    return a[_along(a.ndim, axis, asarray(indices))]


def pad(array, pad_width, mode="constant", **kwargs):
    """`array` padded by `pad_width` ((before, after) per axis) with a constant (0 by
    default) or its edge values."""
    array = asarray(array)
    widths = asarray(pad_width).tolist()
    if isinstance(widths, int):
        widths = [[widths, widths]] * array.ndim
    elif len(widths) and isinstance(widths[0], int):
        widths = [widths if len(widths) == 2 else [widths[0], widths[0]]] * array.ndim
    elif len(widths) == 1:
        widths = widths * array.ndim
    widths = [list(w) if len(w) == 2 else [w[0], w[0]] for w in widths]
    if mode not in ("constant", "edge"):
        raise NotImplementedError(f"np.pad(mode={mode!r}) is not emulated in this "
                                  "playground yet.")
    result = array
    for axis, (before, after) in enumerate(widths):
        if before < 0 or after < 0:
            raise ValueError("index can't contain negative values")
        pieces = []
        for count, edge in ((before, 0), (after, -1)):
            shape = list(result.shape)
            shape[axis] = count
            if mode == "constant":
                value = kwargs.get("constant_values", 0)
                value = asarray(value).tolist()
                if isinstance(value, list):
                    value = value[axis] if isinstance(value[0], list) else value
                    value = value[0] if edge == 0 else value[-1]
                pieces.append(full(tuple(shape), value, dtype=result.dtype))
            else:
                piece = result[_along(result.ndim, axis, slice(edge, edge + 1 or None))]
                pieces.append(repeat(piece, count, axis=axis) if count else
                              zeros(tuple(shape), dtype=result.dtype))
        result = concatenate([pieces[0], result, pieces[1]], axis=axis)
    return result


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """The middle value (the mean of the two middle ones for an even count)."""
    a = asarray(a)
    if axis is None:
        flat = sort(a.reshape(-1))
        n = flat.shape[0]
        middle = flat[(n - 1) // 2:n // 2 + 1]
        result = mean(middle)
        return result.reshape((1,) * a.ndim) if keepdims else result
    axis = axis + a.ndim if axis < 0 else axis
    ordered = sort(a, axis=axis)
    n = a.shape[axis]
    middle = ordered[_along(a.ndim, axis, slice((n - 1) // 2, n // 2 + 1))]
    return mean(middle, axis=axis, keepdims=keepdims)
