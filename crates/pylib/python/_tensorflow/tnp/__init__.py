"""`tf.experimental.numpy` (tnp): NumPy's API over `tf.Tensor`, as TensorFlow's `ops/numpy_ops`
defines it.

Arrays are `tf.Tensor`s (`tnp.ndarray` is `tf.Tensor`). Values made from Python numbers take
NumPy's default dtypes (int64, float64; float32 after
`experimental_enable_numpy_behavior(prefer_float32=True)`), and binary functions promote their
operands as `np.result_type` does, Python scalars being weak.
"""

import numpy as _np
import tensorflow as tf

from _tensorflow.tnp import _behavior
from _tensorflow.tnp._behavior import experimental_enable_numpy_behavior  # noqa: F401

_builtin_max = max
_builtin_min = min
_builtin_any = any

ndarray = tf.Tensor
newaxis = None
pi = _np.pi
e = _np.e
inf = float("inf")
nan = float("nan")

bool_ = _np.bool_
float16 = _np.float16
float32 = _np.float32
float64 = _np.float64
int8 = _np.int8
int16 = _np.int16
int32 = _np.int32
int64 = _np.int64
uint8 = _np.uint8
float_ = float64
int_ = int64


# --- dtypes ---------------------------------------------------------------------------------


_PYTHON_TYPES = {float: tf.float64, int: tf.int64, bool: tf.bool}


def _tf_dtype(dtype):
    """A TensorFlow dtype for a NumPy-style dtype argument (`float` is float64)."""
    if dtype is None:
        return None
    if isinstance(dtype, type) and dtype in _PYTHON_TYPES:
        return _PYTHON_TYPES[dtype]
    return tf.as_dtype(dtype)


def _canonical(dtype):
    """float64 becomes float32 when numpy behavior prefers float32: how Python floats (and
    only they) are inferred."""
    if dtype == tf.float64 and _behavior.prefer_float32():
        return tf.float32
    return dtype


def _dtype_of(value):
    """The dtype `value` would have as an array, or `value` itself for a Python scalar
    (a weak operand of promotion)."""
    if isinstance(value, (tf.Tensor, tf.Variable)):
        return value.dtype.as_numpy_dtype
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, _np.ndarray):
        return value.dtype
    return _np.asarray(value).dtype


def _is_numpy_dtype(value):
    return hasattr(value, "itemsize") and hasattr(value, "kind") and not hasattr(value, "shape")


def _strong_dtype(value):
    """The TensorFlow dtype of an array or dtype operand, or None for a Python scalar."""
    if isinstance(value, tf.DType):
        return value
    if isinstance(value, type) and value in _PYTHON_TYPES:
        return _PYTHON_TYPES[value]
    if isinstance(value, type) or _is_numpy_dtype(value):
        return tf.as_dtype(value)
    kind = _dtype_of(value)
    return None if isinstance(kind, (bool, int, float)) else tf.as_dtype(kind)


def _promote_pair(a, b):
    if a == b:
        return a
    if a == tf.bool or b == tf.bool:
        return b if a == tf.bool else a
    both = _np.zeros((), a.as_numpy_dtype) + _np.zeros((), b.as_numpy_dtype)
    return tf.as_dtype(both.dtype)


def result_type(*arrays_and_dtypes):
    """NumPy's promotion of the operands' dtypes; Python scalars are weak (NEP 50)."""
    strong = None
    weak = tf.bool if arrays_and_dtypes else tf.float64
    for value in arrays_and_dtypes:
        dtype = _strong_dtype(value)
        if dtype is not None:
            strong = dtype if strong is None else _promote_pair(strong, dtype)
        elif isinstance(value, float) or (isinstance(value, int) and weak == tf.bool
                                          and not isinstance(value, bool)):
            weak = tf.float64 if isinstance(value, float) or weak == tf.float64 else tf.int64
    if strong is None:
        return _canonical(weak)
    if weak == tf.float64 and not strong.is_floating:
        return tf.float64
    if weak == tf.int64 and strong == tf.bool:
        return tf.int64
    return strong


def _as_tensor(value, dtype=None):
    """`value` as a Tensor: a Tensor keeps its dtype, anything else takes NumPy's."""
    dtype = _tf_dtype(dtype)
    if isinstance(value, tf.Variable):
        value = value.read_value()
    if isinstance(value, tf.Tensor):
        return value if dtype is None or value.dtype == dtype else tf.cast(value, dtype)
    if isinstance(value, (list, tuple)) and _builtin_any(isinstance(v, (tf.Tensor, tf.Variable))
                                                for v in tf.nest.flatten(value)):
        parts = [_as_tensor(v) for v in value]
        common = dtype or result_type(*parts)
        return tf.stack([tf.cast(p, common) for p in parts])
    array = _np.asarray(value)
    if dtype is None:
        dtype = tf.as_dtype(array.dtype)
        if not isinstance(value, _np.ndarray):
            dtype = _canonical(dtype)
    return tf.constant(array, dtype=dtype)


def _promoted(*values):
    dtype = result_type(*values)
    return [_as_tensor(v, dtype) for v in values]


def _float_result(x):
    """Integer and boolean inputs of float-valued functions become the default float, through
    `astype`, as tnp converts them: without numpy behavior that raises TensorFlow's hint."""
    x = _as_tensor(x)
    if not x.dtype.is_floating:
        x = x.astype(tf.float64)
    return x


# --- creation -------------------------------------------------------------------------------


def array(val, dtype=None, copy=True, ndmin=0):
    """An array of `val` (a Tensor keeps its dtype; Python values take NumPy's)."""
    result = _as_tensor(val, dtype)
    if copy:
        result = tf.identity(result)
    while result.shape.rank < ndmin:
        result = tf.expand_dims(result, 0)
    return result


def asarray(a, dtype=None):
    return _as_tensor(a, dtype)


def asanyarray(a, dtype=None):
    return _as_tensor(a, dtype)


def ascontiguousarray(a, dtype=None):
    return array(a, dtype, ndmin=1)


def _shape(shape):
    if isinstance(shape, (int, _np.integer)):
        return [int(shape)]
    return list(shape)


def zeros(shape, dtype=float):
    return tf.zeros(_shape(shape), _tf_dtype(dtype))


def ones(shape, dtype=float):
    return tf.ones(_shape(shape), _tf_dtype(dtype))


def empty(shape, dtype=float):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    fill = _as_tensor(fill_value, dtype)
    return tf.broadcast_to(fill, _shape(shape))


def zeros_like(a, dtype=None):
    a = _as_tensor(a)
    return tf.zeros_like(a, dtype=_tf_dtype(dtype) or a.dtype)


def ones_like(a, dtype=None):
    a = _as_tensor(a)
    return tf.ones_like(a, dtype=_tf_dtype(dtype) or a.dtype)


def empty_like(a, dtype=None):
    return zeros_like(a, dtype)


def full_like(a, fill_value, dtype=None):
    a = _as_tensor(a)
    dtype = _tf_dtype(dtype) or a.dtype
    return tf.broadcast_to(_as_tensor(fill_value, dtype), tf.shape(a))


def arange(start, stop=None, step=1, dtype=None):
    """Evenly spaced values in `[start, stop)`, of the operands' promoted dtype."""
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError("step must be non-zero.")
    result_dtype = _tf_dtype(dtype) or result_type(start, stop, step)
    if isinstance(start, int) and isinstance(stop, int) and isinstance(step, int) \
            and dtype is None:
        result_dtype = tf.int64
    count = _builtin_max(0, int(_np.ceil((stop - start) / step)))
    if result_dtype.is_integer:
        return tf.range(start, start + count * step, step, dtype=result_dtype) \
            if count else tf.zeros([0], result_dtype)
    values = start + _np.arange(count) * step
    return tf.constant(_np.asarray(values, dtype=_np.float64), dtype=result_dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=float, axis=0):
    if num < 0:
        raise ValueError("Argument `num` (number of samples) must be a non-negative integer. "
                         f"Received: num={num}")
    dtype = _canonical(_tf_dtype(dtype))
    if not dtype.is_floating:
        # TensorFlow's tnp computes integer linspaces in, and returns, the default float.
        dtype = _canonical(tf.float64)
    work = tf.float64 if dtype == tf.float64 else tf.float32
    start = tf.cast(start, work)
    stop = tf.cast(stop, work)
    divisor = (num - 1) if endpoint else num
    step = (stop - start) / divisor if divisor > 0 else tf.constant(_np.nan, work)
    if endpoint:
        result = tf.linspace(start, stop, num) if num > 0 else tf.zeros([0], work)
    else:
        result = tf.linspace(start, stop, num + 1)[:num]
    result = tf.cast(result, dtype)
    if axis != 0:
        result = moveaxis(result, 0, axis)
    return (result, step) if retstep else result


def eye(N, M=None, k=0, dtype=float):  # noqa: N803 - NumPy's names
    dtype = _tf_dtype(dtype)
    M = N if M is None else M  # noqa: N806
    if k == 0:
        return tf.eye(N, M, dtype=dtype)
    rows = tf.range(N)[:, None]
    columns = tf.range(M)[None, :]
    return tf.cast(tf.equal(columns - rows, k), dtype)


def identity(n, dtype=float):
    return eye(n, dtype=dtype)


def copy(a):
    return array(a, copy=True)


# --- elementwise ----------------------------------------------------------------------------


def _binary(op, float_result=False, integer_op=None):
    def function(x1, x2):
        a, b = _promoted(x1, x2)
        if float_result and not (a.dtype.is_floating):
            a = tf.cast(a, _canonical(tf.float64))
            b = tf.cast(b, _canonical(tf.float64))
        if a.dtype == tf.bool and integer_op is not None:
            return integer_op(a, b)
        return op(a, b)
    return function


add = _binary(tf.add, integer_op=tf.logical_or)
subtract = _binary(tf.subtract)
multiply = _binary(tf.multiply, integer_op=tf.logical_and)
true_divide = _binary(tf.math.truediv, float_result=True)
divide = true_divide
floor_divide = _binary(tf.math.floordiv)
mod = _binary(tf.math.floormod)
remainder = mod
maximum = _binary(tf.maximum)
minimum = _binary(tf.minimum)
power = _binary(tf.pow)
hypot = _binary(lambda a, b: tf.sqrt(a * a + b * b), float_result=True)
equal = _binary(tf.equal)
not_equal = _binary(tf.not_equal)
less = _binary(tf.less)
less_equal = _binary(tf.less_equal)
greater = _binary(tf.greater)
greater_equal = _binary(tf.greater_equal)


def _logical(op):
    def function(x1, x2):
        return op(tf.cast(_as_tensor(x1), tf.bool), tf.cast(_as_tensor(x2), tf.bool))
    return function


logical_and = _logical(tf.logical_and)
logical_or = _logical(tf.logical_or)
logical_xor = _logical(tf.not_equal)


def logical_not(x):
    return tf.logical_not(tf.cast(_as_tensor(x), tf.bool))


def _unary_float(op):
    def function(x):
        return op(_float_result(x))
    return function


exp = _unary_float(tf.exp)
exp2 = _unary_float(lambda x: tf.pow(tf.constant(2, x.dtype), x))
expm1 = _unary_float(tf.math.expm1)
log = _unary_float(tf.math.log)
log2 = _unary_float(lambda x: tf.math.log(x) / tf.math.log(tf.constant(2, x.dtype)))
log10 = _unary_float(lambda x: tf.math.log(x) / tf.math.log(tf.constant(10, x.dtype)))
log1p = _unary_float(tf.math.log1p)
sqrt = _unary_float(tf.sqrt)
sin = _unary_float(tf.sin)
cos = _unary_float(tf.cos)
tan = _unary_float(tf.tan)
arcsin = _unary_float(tf.asin)
arccos = _unary_float(tf.acos)
arctan = _unary_float(tf.atan)
sinh = _unary_float(tf.sinh)
cosh = _unary_float(tf.cosh)
tanh = _unary_float(tf.tanh)
reciprocal = _unary_float(tf.math.reciprocal)


def _unary_same(op):
    def function(x):
        return op(_as_tensor(x))
    return function


abs = _unary_same(tf.abs)  # noqa: A001 - NumPy's name
absolute = abs
negative = _unary_same(tf.negative)
positive = _unary_same(tf.identity)
square = _unary_same(tf.square)
sign = _unary_same(tf.sign)


def floor(x):
    x = _float_result(x)
    return tf.floor(x)


def ceil(x):
    x = _float_result(x)
    return tf.math.ceil(x)


def around(a, decimals=0):
    """Round half to even at `decimals` digits, in the default float for integers, then back
    to the input's dtype (through `astype`, as tnp does)."""
    a = _as_tensor(a)
    dtype = a.dtype
    factor = 10.0 ** decimals
    if not dtype.is_floating:
        a = a.astype(tf.float64)
    factor = tf.cast(factor, a.dtype)
    return (tf.round(a * factor) / factor).astype(dtype)


round = around  # noqa: A001 - NumPy's name


def isnan(x):
    return tf.math.is_nan(_float_result(x))


def isinf(x):
    return tf.math.is_inf(_float_result(x))


def isfinite(x):
    return tf.math.is_finite(_float_result(x))


def clip(a, a_min, a_max):
    a = _as_tensor(a)
    if a_min is None and a_max is None:
        raise ValueError("Not more than one of `a_min` and `a_max` may be `None`.")
    if a_min is not None:
        a, low = _promoted(a, a_min)
        a = tf.maximum(a, low)
    if a_max is not None:
        a, high = _promoted(a, a_max)
        a = tf.minimum(a, high)
    return a


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _promoted(a, b)
    if not a.dtype.is_floating:
        a = tf.cast(a, _canonical(tf.float64))
        b = tf.cast(b, a.dtype)
    close = tf.abs(a - b) <= atol + rtol * tf.abs(b)
    close = tf.logical_or(close, tf.equal(a, b))
    if equal_nan:
        close = tf.logical_or(close, tf.logical_and(tf.math.is_nan(a), tf.math.is_nan(b)))
    return close


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return tf.reduce_all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2):
    a, b = _as_tensor(a1), _as_tensor(a2)
    if a.shape != b.shape:
        return tf.constant(False)
    a, b = _promoted(a, b)
    return tf.reduce_all(tf.equal(a, b))


# --- reductions -----------------------------------------------------------------------------


def _reduce(op, a, axis, keepdims, dtype=None, promote_int=True, float_result=False):
    a = _as_tensor(a)
    if dtype is not None:
        a = tf.cast(a, _tf_dtype(dtype))
    elif float_result and not a.dtype.is_floating:
        a = tf.cast(a, tf.float64)
    elif promote_int and (a.dtype == tf.bool or (a.dtype.is_integer and a.dtype.size < 8)):
        a = tf.cast(a, tf.int64)
    if isinstance(axis, list):
        axis = tuple(axis)
    return op(a, axis=axis, keepdims=bool(keepdims))


def sum(a, axis=None, dtype=None, keepdims=None):  # noqa: A001 - NumPy's name
    return _reduce(tf.reduce_sum, a, axis, keepdims, dtype)


def prod(a, axis=None, dtype=None, keepdims=None):
    return _reduce(tf.reduce_prod, a, axis, keepdims, dtype)


def mean(a, axis=None, dtype=None, out=None, keepdims=None):
    return _reduce(tf.reduce_mean, a, axis, keepdims, dtype, promote_int=False,
                   float_result=True)


def amax(a, axis=None, out=None, keepdims=None):
    a = _as_tensor(a)
    if a.dtype == tf.bool:
        return _reduce(tf.reduce_any, a, axis, keepdims, promote_int=False)
    return _reduce(tf.reduce_max, a, axis, keepdims, promote_int=False)


def amin(a, axis=None, out=None, keepdims=None):
    a = _as_tensor(a)
    if a.dtype == tf.bool:
        return _reduce(tf.reduce_all, a, axis, keepdims, promote_int=False)
    return _reduce(tf.reduce_min, a, axis, keepdims, promote_int=False)


max = amax  # noqa: A001 - NumPy's name
min = amin  # noqa: A001 - NumPy's name


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=None):
    a = _as_tensor(a)
    if dtype is not None:
        a = tf.cast(a, _tf_dtype(dtype))
    elif not a.dtype.is_floating:
        a = tf.cast(a, tf.float64)
    if isinstance(axis, list):
        axis = tuple(axis)
    centered = a - tf.reduce_mean(a, axis=axis, keepdims=True)
    squares = tf.reduce_sum(tf.square(centered), axis=axis, keepdims=bool(keepdims))
    count = tf.cast(tf.size(a), a.dtype) / tf.cast(tf.size(squares), a.dtype) \
        if not keepdims else tf.cast(tf.size(a), a.dtype) / tf.cast(
            tf.size(tf.reduce_sum(a, axis=axis)), a.dtype)
    return squares / (count - ddof)


def average(a, axis=None, weights=None, returned=False):
    a = _float_result(a)
    if weights is None:
        avg = tf.reduce_mean(a, axis=axis)
        total = tf.cast(tf.size(a) / tf.size(avg), avg.dtype)
    else:
        a, weights = _promoted(a, weights)
        if weights.shape.rank == 1 and a.shape.rank > 1 and axis is not None:
            shape = [1] * a.shape.rank
            shape[axis] = -1
            weights = tf.reshape(weights, shape)
        total = tf.reduce_sum(weights * tf.ones_like(a), axis=axis)
        avg = tf.reduce_sum(a * weights, axis=axis) / total
    return (avg, total) if returned else avg


def std(a, axis=None, keepdims=None):
    return tf.sqrt(var(a, axis=axis, keepdims=keepdims))


def all(a, axis=None, keepdims=None):  # noqa: A001 - NumPy's name
    return tf.reduce_all(tf.cast(_as_tensor(a), tf.bool), axis=axis, keepdims=bool(keepdims))


def any(a, axis=None, keepdims=None):  # noqa: A001 - NumPy's name
    return tf.reduce_any(tf.cast(_as_tensor(a), tf.bool), axis=axis, keepdims=bool(keepdims))


def _arg_reduce(op, a, axis):
    a = _as_tensor(a)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    return op(a, axis=axis, output_type=tf.int64)


def argmax(a, axis=None):
    return _arg_reduce(tf.argmax, a, axis)


def argmin(a, axis=None):
    return _arg_reduce(tf.argmin, a, axis)


def _cumulative(op, a, axis, dtype):
    """`op` along `axis` (of the flattened array for None); small integers and booleans
    accumulate in int64, as NumPy's do."""
    a = _as_tensor(a)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    if dtype is not None:
        a = tf.cast(a, _tf_dtype(dtype))
    elif a.dtype == tf.bool or (a.dtype.is_integer and a.dtype.size < 8):
        a = tf.cast(a, tf.int64)
    return op(a, axis=axis)


def cumsum(a, axis=None, dtype=None):
    return _cumulative(tf.cumsum, a, axis, dtype)


def cumprod(a, axis=None, dtype=None):
    return _cumulative(tf.math.cumprod, a, axis, dtype)


def count_nonzero(a, axis=None):
    return tf.math.count_nonzero(_as_tensor(a), axis=axis, dtype=tf.int64)


# --- shapes ---------------------------------------------------------------------------------


def shape(a):
    return _as_tensor(a).shape


def ndim(a):
    return _as_tensor(a).shape.rank


def size(x, axis=None):
    x = _as_tensor(x)
    if axis is None:
        return _np.int64(x.shape.num_elements())
    return x.shape[axis]


def reshape(a, newshape, order="C"):
    """`order="F"` fills the new shape column-major, as NumPy does."""
    if order not in ("C", "F"):
        raise ValueError("Unsupported order argument {}".format(order))
    a = _as_tensor(a)
    if order == "C":
        return tf.reshape(a, _shape(newshape))
    reversed_shape = list(reversed(_shape(newshape)))
    return tf.transpose(tf.reshape(tf.transpose(a), reversed_shape))


def ravel(a):
    return tf.reshape(_as_tensor(a), [-1])


def transpose(a, axes=None):
    return tf.transpose(_as_tensor(a), perm=axes)


def swapaxes(a, axis1, axis2):
    a = _as_tensor(a)
    perm = list(range(a.shape.rank))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return tf.transpose(a, perm)


def moveaxis(a, source, destination):
    a = _as_tensor(a)
    rank = a.shape.rank
    source = source % rank
    destination = destination % rank
    perm = [i for i in range(rank) if i != source]
    perm.insert(destination, source)
    return tf.transpose(a, perm)


def expand_dims(a, axis):
    return tf.expand_dims(_as_tensor(a), axis)


def squeeze(a, axis=None):
    return tf.squeeze(_as_tensor(a), axis)


def atleast_1d(*arys):
    result = [array(a, copy=False, ndmin=1) for a in arys]
    return result[0] if len(result) == 1 else result


def atleast_2d(*arys):
    result = [array(a, copy=False, ndmin=2) for a in arys]
    return result[0] if len(result) == 1 else result


def _joined(arrays):
    arrays = [_as_tensor(a) for a in arrays]
    dtype = result_type(*arrays)
    return [tf.cast(a, dtype) for a in arrays]


def concatenate(arys, axis=0):
    if not arys:
        raise ValueError("Need at least one array to concatenate.")
    arys = _joined(arys)
    if axis is None:
        # TensorFlow's tnp does not flatten: the axis fails to convert.
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    return tf.concat(arys, axis)


def stack(arrays, axis=0):
    return tf.stack(_joined(arrays), axis)


def hstack(tup):
    arrays = [atleast_1d(a) for a in _joined(tup)]
    return tf.concat(arrays, 0 if arrays[0].shape.rank == 1 else 1)


def vstack(tup):
    return tf.concat([atleast_2d(a) for a in _joined(tup)], 0)


def dstack(tup):
    arrays = []
    for a in _joined(tup):
        if a.shape.rank <= 1:
            a = tf.reshape(a, [1, -1, 1])
        elif a.shape.rank == 2:
            a = a[:, :, None]
        arrays.append(a)
    return tf.concat(arrays, 2)


def split(ary, indices_or_sections, axis=0):
    ary = _as_tensor(ary)
    if isinstance(indices_or_sections, int):
        return tf.split(ary, indices_or_sections, axis)
    length = ary.shape[axis]
    bounds = [0] + [_builtin_min(int(i), length) for i in indices_or_sections] + [length]
    return [tf.gather(ary, tf.range(lo, _builtin_max(lo, hi)), axis=axis)
            for lo, hi in zip(bounds, bounds[1:])]


def tile(a, reps):
    a = _as_tensor(a)
    reps = _shape(reps)
    while a.shape.rank < len(reps):
        a = tf.expand_dims(a, 0)
    reps = [1] * (a.shape.rank - len(reps)) + reps
    return tf.tile(a, reps)


def repeat(a, repeats, axis=None):
    a = _as_tensor(a)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    return tf.repeat(a, repeats, axis=axis)


def flip(m, axis=None):
    m = _as_tensor(m)
    if axis is None:
        axis = list(range(m.shape.rank))
    elif isinstance(axis, int):
        axis = [axis]
    return tf.reverse(m, list(axis))


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = _as_tensor(a)
    if axis is None:
        return tf.reshape(tf.roll(tf.reshape(a, [-1]), shift, 0), tf.shape(a))
    return tf.roll(a, shift, axis)


def pad(array, pad_width, mode, **kwargs):
    """`pad_width` is a `[rank, 2]` matrix (tnp does not broadcast it); modes 'constant',
    'reflect' and 'symmetric'."""
    array = _as_tensor(array)
    mode = mode.upper()
    if mode == "CONSTANT":
        return tf.pad(array, pad_width, mode=mode,
                      constant_values=kwargs.get("constant_values", 0))
    if mode in ("REFLECT", "SYMMETRIC"):
        return tf.pad(array, pad_width, mode=mode)
    raise ValueError(f"Unsupported padding mode: {mode.lower()}")


def where(condition, x=None, y=None):
    condition = tf.cast(_as_tensor(condition), tf.bool)
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("Both x and y must be ndarrays, or both must be None.")
    x, y = _promoted(x, y)
    return tf.where(condition, x, y)


def nonzero(a):
    a = tf.cast(_as_tensor(a), tf.bool)
    indices = tf.where(a)
    return [indices[:, i] for i in range(a.shape.rank)]


def take(a, indices, axis=None, out=None, mode="clip"):
    """Indices outside the axis are clipped into it (tnp's only mode besides 'raise')."""
    a = _as_tensor(a)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    indices = _as_tensor(indices)
    if mode == "clip":
        indices = tf.clip_by_value(indices, tf.constant(0, indices.dtype),
                                   tf.cast(tf.shape(a)[axis] - 1, indices.dtype))
    return tf.gather(a, indices, axis=axis)


def take_along_axis(arr, indices, axis):
    arr = _as_tensor(arr)
    indices = _as_tensor(indices)
    return tf.gather(arr, indices, axis=axis, batch_dims=axis) if axis > 0 else \
        tf.transpose(tf.gather(tf.transpose(arr), tf.transpose(indices), axis=1,
                               batch_dims=1))


def _offset_diagonal(a, k):
    """The elements `a[..., i, i + k]` of a matrix (batch)."""
    rows, columns = a.shape[-2], a.shape[-1]
    positions = [[i, i + k] for i in range(rows) if 0 <= i + k < columns]
    if not positions:
        return tf.zeros(a.shape[:-2] + [0], a.dtype)
    if a.shape.rank == 2:
        return tf.gather_nd(a, positions)
    moved = tf.transpose(a, [a.shape.rank - 2, a.shape.rank - 1] +
                         list(range(a.shape.rank - 2)))
    taken = tf.gather_nd(moved, positions)
    return tf.transpose(taken, list(range(1, a.shape.rank - 1)) + [0])


def diag(v, k=0):
    v = _as_tensor(v)
    if v.shape.rank == 1:
        n = v.shape[0] + (k if k > 0 else -k)
        matrix = tf.linalg.diag(v)
        if k == 0:
            return matrix
        before = [[0, k], [k, 0]][0 if k > 0 else 1]
        after = [[k, 0], [0, k]][0 if k > 0 else 1]
        padded = tf.pad(matrix, [before, after] if k > 0 else [[-k, 0], [0, -k]])
        return tf.reshape(padded, [n, n])
    if v.shape.rank != 2:
        raise ValueError("Input to diag should be of rank 1 or 2")
    return _offset_diagonal(v, k)


def diagonal(a, offset=0):
    return _offset_diagonal(_as_tensor(a), offset)


def trace(a, offset=0):
    return sum(diagonal(a, offset), axis=-1)


def outer(a, b):
    a, b = _promoted(a, b)
    return tf.reshape(a, [-1, 1]) * tf.reshape(b, [1, -1])


def meshgrid(*xi, indexing="xy"):
    return tf.meshgrid(*[_as_tensor(x) for x in xi], indexing=indexing)


def tril(m, k=0):
    m = _as_tensor(m)
    rows, columns = m.shape[-2], m.shape[-1]
    keep = tf.range(columns)[None, :] - tf.range(rows)[:, None] <= k
    return tf.where(keep, m, tf.zeros_like(m))


def triu(m, k=0):
    m = _as_tensor(m)
    rows, columns = m.shape[-2], m.shape[-1]
    keep = tf.range(columns)[None, :] - tf.range(rows)[:, None] >= k
    return tf.where(keep, m, tf.zeros_like(m))


def broadcast_to(array, shape):
    return tf.broadcast_to(_as_tensor(array), _shape(shape))


def sort(a, axis=-1):
    a = _as_tensor(a)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    return tf.sort(a, axis=axis)


def argsort(a, axis=-1, kind="quicksort", order=None):
    a = _as_tensor(a)
    if axis is None:
        a, axis = tf.reshape(a, [-1]), 0
    return tf.cast(tf.argsort(a, axis=axis, stable=True), tf.int64)


# --- linear algebra -------------------------------------------------------------------------


def dot(a, b):
    a, b = _promoted(a, b)
    if a.shape.rank == 0 or b.shape.rank == 0:
        return a * b
    if b.shape.rank == 1:
        return tf.tensordot(a, b, [[-1], [0]])
    return tf.tensordot(a, b, [[-1], [b.shape.rank - 2]])


def matmul(x1, x2):
    """`tf.matmul` with NumPy's vector cases; shape errors are ValueErrors, as in tnp."""
    a, b = _promoted(x1, x2)
    try:
        if a.shape.rank == 1 and b.shape.rank == 1:
            return tf.reduce_sum(a * b)
        if a.shape.rank == 1:
            return tf.squeeze(tf.matmul(a[None, :], b), -2)
        if b.shape.rank == 1 and a.shape.rank >= 2:
            return tf.squeeze(tf.matmul(a, b[:, None]), -1)
        return tf.matmul(a, b)
    except tf.errors.InvalidArgumentError as error:
        raise ValueError(str(error)) from None


def tensordot(a, b, axes=2):
    a, b = _promoted(a, b)
    return tf.tensordot(a, b, axes)


def inner(a, b):
    a, b = _promoted(a, b)
    return tf.tensordot(a, b, [[-1], [-1]])


def vdot(a, b):
    a, b = _promoted(a, b)
    return tf.reduce_sum(tf.reshape(a, [-1]) * tf.reshape(b, [-1]))


def cross(a, b):
    a, b = _promoted(a, b)
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    x1, y1, z1 = a[..., 0], a[..., 1], a[..., 2]
    x2, y2, z2 = b[..., 0], b[..., 1], b[..., 2]
    return tf.stack([y1 * z2 - z1 * y2, z1 * x2 - x1 * z2, x1 * y2 - y1 * x2], axis=-1)


def einsum(subscripts, *operands):
    operands = _joined(operands)
    return tf.einsum(subscripts, *operands)


def __getattr__(name):
    if name == "random":
        import importlib
        return importlib.import_module("_tensorflow.tnp.random")
    raise AttributeError(f"module 'tensorflow.experimental.numpy' has no attribute '{name}'")
