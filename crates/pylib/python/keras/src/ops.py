"""`keras.ops`: Keras's NumPy-like operations, on the TensorFlow backend. Each takes
tensors, arrays or Python numbers, computes in the dtype Keras's promotion rules give
(`backend.result_type`), and returns a TensorFlow tensor; called on `KerasTensor`s it
records an operation of the functional model being built instead."""


import numpy as np
import tensorflow as tf

from keras.src import backend
from keras.src.backend import convert_to_tensor, result_type, dtype_of, standardize_dtype
from keras.src.keras_tensor import KerasTensor, any_symbolic_tensors
from keras.src.operation import symbolic_op


def keras_op(fn):
    name = fn.__name__

    def op(*args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return symbolic_op(fn, name, args, kwargs)
        return fn(*args, **kwargs)

    op.__name__ = name
    op.__qualname__ = name
    op.__doc__ = fn.__doc__
    return op


def _pair(x1, x2, extra=None):
    dtypes = [dtype_of(x1), dtype_of(x2)]
    if extra is not None:
        dtypes.append(extra)
    dtype = result_type(*dtypes)
    return convert_to_tensor(x1, dtype), convert_to_tensor(x2, dtype)


def _float(x):
    """`x` as a tensor of a floating dtype (ints and bools become `floatx`)."""
    x = convert_to_tensor(x)
    dtype = result_type(x.dtype.name, float)
    return tf.cast(x, dtype) if x.dtype.name != dtype else x


def _axis(axis):
    if isinstance(axis, list):
        return tuple(axis)
    return axis


# ---- creation -------------------------------------------------------------------------

def zeros(shape, dtype=None):
    return tf.zeros(shape, dtype=standardize_dtype(dtype))


def ones(shape, dtype=None):
    return tf.ones(shape, dtype=standardize_dtype(dtype))


def full(shape, fill_value, dtype=None):
    dtype = standardize_dtype(dtype) if dtype is not None else result_type(dtype_of(fill_value))
    return tf.fill(shape, convert_to_tensor(fill_value, dtype))


@keras_op
def zeros_like(x, dtype=None):
    x = convert_to_tensor(x)
    return tf.zeros_like(x, dtype=standardize_dtype(dtype or x.dtype))


@keras_op
def ones_like(x, dtype=None):
    x = convert_to_tensor(x)
    return tf.ones_like(x, dtype=standardize_dtype(dtype or x.dtype))


@keras_op
def full_like(x, fill_value, dtype=None):
    x = convert_to_tensor(x)
    dtype = standardize_dtype(dtype or x.dtype)
    return tf.fill(tf.shape(x), convert_to_tensor(fill_value, dtype))


def eye(N, M=None, k=0, dtype=None):
    dtype = standardize_dtype(dtype)
    M = N if M is None else M
    if k == 0:
        return tf.eye(N, M, dtype=dtype)
    return tf.cast(tf.equal(tf.range(M)[None, :] - tf.range(N)[:, None], k), dtype)


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def arange(start, stop=None, step=1, dtype=None):
    if dtype is None:
        kinds = [dtype_of(start), dtype_of(step)]
        if stop is not None:
            kinds.append(dtype_of(stop))
        dtype = result_type(*kinds)
    dtype = standardize_dtype(dtype)
    if stop is None:
        start, stop = 0, start
    return tf.range(start, stop, step, dtype=dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    dtype = standardize_dtype(dtype) if dtype is not None else backend.floatx()
    start = tf.cast(start, dtype)
    stop = tf.cast(stop, dtype)
    if endpoint:
        out = tf.linspace(start, stop, num)
    else:
        out = tf.linspace(start, stop, num + 1)[:-1]
    return tf.cast(out, dtype)


# ---- conversion -----------------------------------------------------------------------

def convert_to_numpy(x):
    if isinstance(x, np.ndarray):
        return x
    return np.array(x)


def cast(x, dtype):
    if isinstance(x, KerasTensor):
        return symbolic_op(_cast, "cast", (x, dtype), {})
    return _cast(x, dtype)


def _cast(x, dtype):
    dtype = standardize_dtype(dtype)
    x = tf.convert_to_tensor(x) if not tf.is_tensor(x) else x
    return tf.cast(x, dtype)


def is_tensor(x):
    return tf.is_tensor(x)


def dtype(x):
    return standardize_dtype(x.dtype)


def shape(x):
    if isinstance(x, KerasTensor):
        return x.shape
    if not tf.is_tensor(x):
        x = tf.convert_to_tensor(x)
    dims = x.shape.as_list()
    if None in dims:
        dynamic = tf.shape(x)
        return tuple(dynamic[i] if d is None else d for i, d in enumerate(dims))
    return tuple(dims)


def ndim(x):
    return len(shape(x))


def size(x):
    n = 1
    for d in shape(x):
        n *= d
    return n


def stop_gradient(x):
    if isinstance(x, KerasTensor):
        return symbolic_op(tf.stop_gradient, "stop_gradient", (x,), {})
    return tf.stop_gradient(x)


# ---- elementwise arithmetic -----------------------------------------------------------

@keras_op
def add(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.add(x1, x2)


@keras_op
def subtract(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.subtract(x1, x2)


@keras_op
def multiply(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.multiply(x1, x2)


@keras_op
def divide(x1, x2):
    x1, x2 = _pair(x1, x2, float)
    return tf.divide(x1, x2)


@keras_op
def true_divide(x1, x2):
    return divide(x1, x2)


@keras_op
def divide_no_nan(x1, x2):
    x1, x2 = _pair(x1, x2, float)
    return tf.math.divide_no_nan(x1, x2)


@keras_op
def floor_divide(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.math.floordiv(x1, x2)


@keras_op
def mod(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.math.floormod(x1, x2)


@keras_op
def power(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.pow(x1, x2)


@keras_op
def maximum(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.maximum(x1, x2)


@keras_op
def minimum(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.minimum(x1, x2)


@keras_op
def negative(x):
    return tf.negative(convert_to_tensor(x))


@keras_op
def absolute(x):
    return tf.abs(convert_to_tensor(x))


abs = absolute


@keras_op
def square(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    return tf.square(x)


def _tf(path):
    """The TensorFlow function at `path` (`"math.erf"`), looked up when called."""
    target = tf
    for part in path.split("."):
        target = getattr(target, part)
    return target


def _unary_float(tf_path, name):
    def op(x):
        return _tf(tf_path)(_float(x))

    op.__name__ = name
    return keras_op(op)


sqrt = _unary_float("sqrt", "sqrt")
rsqrt = _unary_float("math.rsqrt", "rsqrt")
exp = _unary_float("exp", "exp")
expm1 = _unary_float("math.expm1", "expm1")
log = _unary_float("math.log", "log")
log1p = _unary_float("math.log1p", "log1p")
sin = _unary_float("sin", "sin")
cos = _unary_float("cos", "cos")
tan = _unary_float("tan", "tan")
tanh = _unary_float("tanh", "tanh")
sinh = _unary_float("sinh", "sinh")
cosh = _unary_float("cosh", "cosh")
arctan = _unary_float("atan", "arctan")
reciprocal = _unary_float("math.reciprocal", "reciprocal")
sigmoid = _unary_float("sigmoid", "sigmoid")
relu = _unary_float("nn.relu", "relu")
relu6 = _unary_float("nn.relu6", "relu6")
softplus = _unary_float("nn.softplus", "softplus")
selu = _unary_float("nn.selu", "selu")
softsign = _unary_float("nn.softsign", "softsign")


@keras_op
def elu(x, alpha=1.0):
    x = _float(x)
    res = tf.nn.elu(x)
    return res if alpha == 1 else tf.where(x > 0, res, alpha * res)


@keras_op
def log2(x):
    x = _float(x)
    return tf.math.log(x) / tf.math.log(tf.constant(2.0, x.dtype))


@keras_op
def log10(x):
    x = _float(x)
    return tf.math.log(x) / tf.math.log(tf.constant(10.0, x.dtype))


@keras_op
def leaky_relu(x, negative_slope=0.2):
    return tf.nn.leaky_relu(_float(x), alpha=negative_slope)


@keras_op
def hard_sigmoid(x):
    x = _float(x)
    return tf.nn.relu6(x + 3.0) / 6.0


@keras_op
def silu(x):
    return tf.nn.silu(_float(x))


swish = silu


@keras_op
def hard_silu(x):
    x = _float(x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


@keras_op
def gelu(x, approximate=True):
    return tf.nn.gelu(_float(x), approximate=approximate)


@keras_op
def mish(x):
    x = _float(x)
    return x * tf.math.tanh(tf.nn.softplus(x))


@keras_op
def softmax(x, axis=-1):
    return tf.nn.softmax(_float(x), axis=axis)


@keras_op
def log_softmax(x, axis=-1):
    return tf.nn.log_softmax(_float(x), axis=axis)


@keras_op
def sign(x):
    return tf.sign(convert_to_tensor(x))


@keras_op
def floor(x):
    return tf.floor(_float(x))


@keras_op
def ceil(x):
    return tf.math.ceil(_float(x))


@keras_op
def round(x, decimals=0):
    x = convert_to_tensor(x)
    if decimals == 0:
        return tf.round(x)
    factor = tf.cast(10.0 ** decimals, x.dtype)
    return tf.round(x * factor) / factor


@keras_op
def clip(x, x_min, x_max):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    return tf.clip_by_value(x, x_min, x_max)


@keras_op
def square_difference(x1, x2):
    return square(subtract(x1, x2))


# ---- comparison and logic -------------------------------------------------------------

def _compare(tf_path, name):
    def op(x1, x2):
        x1, x2 = _pair(x1, x2)
        return _tf(tf_path)(x1, x2)

    op.__name__ = name
    return keras_op(op)


equal = _compare("equal", "equal")
not_equal = _compare("not_equal", "not_equal")
greater = _compare("greater", "greater")
greater_equal = _compare("greater_equal", "greater_equal")
less = _compare("less", "less")
less_equal = _compare("less_equal", "less_equal")


@keras_op
def logical_and(x1, x2):
    return tf.logical_and(tf.cast(x1, "bool"), tf.cast(x2, "bool"))


@keras_op
def logical_or(x1, x2):
    return tf.logical_or(tf.cast(x1, "bool"), tf.cast(x2, "bool"))


@keras_op
def logical_not(x):
    return tf.logical_not(tf.cast(x, "bool"))


@keras_op
def isnan(x):
    x = convert_to_tensor(x)
    if not backend.is_float_dtype(x.dtype):
        return tf.zeros_like(x, dtype="bool")
    return tf.math.is_nan(x)


@keras_op
def isfinite(x):
    x = convert_to_tensor(x)
    if not backend.is_float_dtype(x.dtype):
        return tf.ones_like(x, dtype="bool")
    return tf.math.is_finite(x)


@keras_op
def where(condition, x1=None, x2=None):
    condition = tf.cast(condition, "bool")
    if x1 is None and x2 is None:
        return tuple(tf.unstack(tf.cast(tf.transpose(tf.where(condition)), "int32")))
    x1, x2 = _pair(x1, x2)
    return tf.where(condition, x1, x2)


# ---- reductions -----------------------------------------------------------------------

def _reduce_input(x):
    x = convert_to_tensor(x)
    if x.dtype == tf.bool:
        x = tf.cast(x, "int32")
    return x


@keras_op
def sum(x, axis=None, keepdims=False):
    x = _reduce_input(x)
    dtype = standardize_dtype(x.dtype)
    if dtype in ("int8", "int16"):
        x = tf.cast(x, "int32")
    return tf.reduce_sum(x, axis=_axis(axis), keepdims=keepdims)


@keras_op
def mean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    dtype = standardize_dtype(x.dtype)
    compute = dtype if backend.is_float_dtype(dtype) else backend.floatx()
    return tf.reduce_mean(tf.cast(x, compute), axis=_axis(axis), keepdims=keepdims)


@keras_op
def max(x, axis=None, keepdims=False, initial=None):
    out = tf.reduce_max(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)
    if initial is not None:
        out = tf.maximum(out, tf.cast(initial, out.dtype))
    return out


@keras_op
def min(x, axis=None, keepdims=False, initial=None):
    out = tf.reduce_min(convert_to_tensor(x), axis=_axis(axis), keepdims=keepdims)
    if initial is not None:
        out = tf.minimum(out, tf.cast(initial, out.dtype))
    return out


amax = max
amin = min


@keras_op
def prod(x, axis=None, keepdims=False, dtype=None):
    x = _reduce_input(x)
    if dtype is not None:
        x = tf.cast(x, standardize_dtype(dtype))
    return tf.reduce_prod(x, axis=_axis(axis), keepdims=keepdims)


@keras_op
def var(x, axis=None, keepdims=False):
    x = _float(x)
    return tf.math.reduce_variance(x, axis=_axis(axis), keepdims=keepdims)


@keras_op
def std(x, axis=None, keepdims=False):
    x = _float(x)
    return tf.math.reduce_std(x, axis=_axis(axis), keepdims=keepdims)


@keras_op
def all(x, axis=None, keepdims=False):
    return tf.reduce_all(tf.cast(x, "bool"), axis=_axis(axis), keepdims=keepdims)


@keras_op
def any(x, axis=None, keepdims=False):
    return tf.reduce_any(tf.cast(x, "bool"), axis=_axis(axis), keepdims=keepdims)


def _arg_reduce(tf_fn, x, axis, keepdims):
    """`argmax`/`argmin`: over the flattened tensor when `axis` is None, as int32."""
    x = convert_to_tensor(x)
    if axis is None:
        x = tf.reshape(x, [-1])
        axis = 0
    out = tf.cast(tf_fn(x, axis=axis), "int32")
    if keepdims:
        out = tf.expand_dims(out, axis)
    return out


@keras_op
def argmax(x, axis=None, keepdims=False):
    return _arg_reduce(tf.argmax, x, axis, keepdims)


@keras_op
def argmin(x, axis=None, keepdims=False):
    return _arg_reduce(tf.argmin, x, axis, keepdims)


@keras_op
def cumsum(x, axis=None, dtype=None):
    x = _reduce_input(x)
    if axis is None:
        x = tf.reshape(x, [-1])
        axis = 0
    return tf.cumsum(x, axis=axis)


@keras_op
def norm(x, ord=None, axis=None, keepdims=False):
    x = _float(x)
    if ord is None or ord == 2 or ord == "fro" or ord == "euclidean":
        return tf.sqrt(tf.reduce_sum(tf.square(x), axis=_axis(axis), keepdims=keepdims))
    if ord == 1:
        return tf.reduce_sum(tf.abs(x), axis=_axis(axis), keepdims=keepdims)
    return tf.norm(x, ord=ord, axis=_axis(axis), keepdims=keepdims)


@keras_op
def moments(x, axes, keepdims=False, synchronized=False):
    x = _float(x)
    mean_ = tf.reduce_mean(x, axis=axes, keepdims=True)
    variance = tf.reduce_mean(tf.square(x - tf.stop_gradient(mean_)), axis=axes, keepdims=True)
    if not keepdims:
        mean_ = tf.squeeze(mean_, axes)
        variance = tf.squeeze(variance, axes)
    return mean_, variance


# ---- linear algebra -------------------------------------------------------------------

@keras_op
def matmul(x1, x2):
    x1, x2 = _pair(x1, x2)
    if x1.dtype in (tf.int8, tf.int16, tf.uint8) :
        x1 = tf.cast(x1, "int32")
        x2 = tf.cast(x2, "int32")
    return tf.matmul(x1, x2)


@keras_op
def outer(x1, x2):
    x1, x2 = _pair(x1, x2)
    return tf.reshape(x1, [-1, 1]) * tf.reshape(x2, [1, -1])


# ---- shapes ---------------------------------------------------------------------------

@keras_op
def reshape(x, newshape):
    return tf.reshape(convert_to_tensor(x), [-1 if d is None else d for d in newshape]
                      if isinstance(newshape, (list, tuple)) else newshape)


@keras_op
def transpose(x, axes=None):
    return tf.transpose(convert_to_tensor(x), perm=axes)


@keras_op
def expand_dims(x, axis):
    return tf.expand_dims(convert_to_tensor(x), axis)


@keras_op
def squeeze(x, axis=None):
    x = convert_to_tensor(x)
    if isinstance(axis, int):
        axis = [axis]
    return tf.squeeze(x, axis=axis)


@keras_op
def ravel(x):
    return tf.reshape(convert_to_tensor(x), [-1])


@keras_op
def flatten(x):
    return tf.reshape(convert_to_tensor(x), [-1])


def _same_dtype(xs):
    dtype = result_type(*[dtype_of(x) for x in xs])
    return [convert_to_tensor(x, dtype) for x in xs]


@keras_op
def concatenate(xs, axis=0):
    return tf.concat(_same_dtype(xs), axis=axis)


@keras_op
def stack(x, axis=0):
    return tf.stack(_same_dtype(x), axis=axis)


@keras_op
def unstack(x, num=None, axis=0):
    return tf.unstack(convert_to_tensor(x), num=num, axis=axis)


@keras_op
def split(x, indices_or_sections, axis=0):
    x = convert_to_tensor(x)
    if isinstance(indices_or_sections, int):
        return tf.split(x, indices_or_sections, axis=axis)
    edges = [0] + list(indices_or_sections) + [x.shape[axis]]
    sizes = [edges[i + 1] - edges[i] for i in range(len(edges) - 1)]
    return tf.split(x, sizes, axis=axis)


@keras_op
def tile(x, repeats):
    x = convert_to_tensor(x)
    repeats = list(repeats) if isinstance(repeats, (list, tuple)) else [repeats]
    while len(repeats) < len(x.shape):
        repeats = [1] + repeats
    while len(x.shape) < len(repeats):
        x = tf.expand_dims(x, 0)
    return tf.tile(x, repeats)


@keras_op
def repeat(x, repeats, axis=None):
    return tf.repeat(convert_to_tensor(x), repeats, axis=axis)


@keras_op
def broadcast_to(x, shape):
    return tf.broadcast_to(convert_to_tensor(x), shape)


@keras_op
def flip(x, axis=None):
    x = convert_to_tensor(x)
    if axis is None:
        axis = list(range(len(x.shape)))
    elif isinstance(axis, int):
        axis = [axis]
    return tf.reverse(x, axis)


@keras_op
def take(x, indices, axis=None):
    x = convert_to_tensor(x)
    if axis is None:
        x = tf.reshape(x, [-1])
        axis = 0
    return tf.gather(x, indices, axis=axis)


@keras_op
def get_item(x, key):
    return convert_to_tensor(x)[key]


@keras_op
def slice(inputs, start_indices, shape):
    return tf.slice(convert_to_tensor(inputs), start_indices, shape)


@keras_op
def pad(x, pad_width, mode="constant", constant_values=None):
    kwargs = {} if constant_values is None else {"constant_values": constant_values}
    return tf.pad(convert_to_tensor(x), pad_width, mode=mode.upper(), **kwargs)


@keras_op
def sort(x, axis=-1):
    return tf.sort(convert_to_tensor(x), axis=axis)


@keras_op
def argsort(x, axis=-1):
    return tf.argsort(convert_to_tensor(x), axis=axis, stable=True)


@keras_op
def top_k(x, k, sorted=True):
    return tf.math.top_k(convert_to_tensor(x), k, sorted=sorted)


@keras_op
def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    dtype = standardize_dtype(dtype)
    return tf.one_hot(tf.cast(x, "int32") if not tf.is_tensor(x) else x, num_classes,
                      axis=axis, dtype=dtype)


def meshgrid(*x, indexing="xy"):
    return tf.meshgrid(*x, indexing=indexing)


# ---- neural-network ops ---------------------------------------------------------------

@keras_op
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target = convert_to_tensor(target)
    output = convert_to_tensor(output)
    check_crossentropy_shapes(target, output, at_least_rank_1=True)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.reduce_sum(output, axis, keepdims=True)
    eps = backend.epsilon()
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def check_crossentropy_shapes(target, output, at_least_rank_1=False):
    """The checks of Keras's TensorFlow backend before a (binary or categorical) cross
    entropy: same rank, and the same size wherever both sizes are known."""
    received = f"Received: target.shape={target.shape}, output.shape={output.shape}"
    if at_least_rank_1 and len(target.shape) < 1:
        raise ValueError(f"Arguments `target` and `output` must be at least rank 1. {received}")
    if len(target.shape) != len(output.shape):
        raise ValueError(
            f"Arguments `target` and `output` must have the same rank (ndim). {received}")
    for e1, e2 in zip(target.shape, output.shape):
        if e1 is not None and e2 is not None and e1 != e2:
            raise ValueError(
                f"Arguments `target` and `output` must have the same shape. {received}")


@keras_op
def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target = tf.cast(convert_to_tensor(target), "int64")
    output = convert_to_tensor(output)
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = tf.squeeze(target, axis=-1)
    if not from_logits:
        eps = backend.epsilon()
        output = tf.math.log(tf.clip_by_value(output, eps, 1.0 - eps))
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


@keras_op
def binary_crossentropy(target, output, from_logits=False):
    target = convert_to_tensor(target)
    output = convert_to_tensor(output)
    check_crossentropy_shapes(target, output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    eps = backend.epsilon()
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    bce = target * tf.math.log(output)
    bce += (1 - target) * tf.math.log(1 - output)
    return -bce


@keras_op
def normalize(x, axis=-1, order=2, epsilon=None):
    if not isinstance(order, int) or not order >= 1:
        raise ValueError(f"Argument `order` must be an int >= 1. Received: order={order}")
    x = _float(x)
    if len(x.shape) == 0:
        x = tf.expand_dims(x, axis=0)
    if epsilon is None:
        epsilon = backend.epsilon()
    if order == 2:
        # Keras's L2 case: `x * min(rsqrt(sum(x²)), 1 / epsilon)`.
        inv_norm = tf.math.rsqrt(tf.reduce_sum(tf.square(x), axis=axis, keepdims=True))
        return x * tf.minimum(inv_norm, 1.0 / epsilon)
    norm_ = tf.norm(x, ord=order, axis=axis, keepdims=True)
    return x / tf.maximum(norm_, epsilon)


def _pool(kind, inputs, pool_size, strides, padding):
    rank = len(inputs.shape) - 2
    if isinstance(pool_size, int):
        pool_size = [pool_size] * rank
    if strides is None:
        strides = pool_size
    elif isinstance(strides, int):
        strides = [strides] * rank
    if kind == "max":
        return tf.nn.max_pool(inputs, pool_size, strides, padding.upper())
    return tf.nn.avg_pool(inputs, pool_size, strides, padding.upper())


@keras_op
def max_pool(inputs, pool_size, strides=None, padding="valid", data_format=None):
    return _pool("max", inputs, pool_size, strides, padding)


@keras_op
def average_pool(inputs, pool_size, strides=None, padding="valid", data_format=None):
    return _pool("avg", inputs, pool_size, strides, padding)


def scatter(indices, values, shape):
    return tf.scatter_nd(indices, values, shape)


# ---- control flow ---------------------------------------------------------------------

def cond(pred, true_fn, false_fn):
    return tf.cond(pred, true_fn, false_fn)


def fori_loop(lower, upper, body_fun, init_val):
    value = init_val
    for i in range(lower, upper):
        value = body_fun(i, value)
    return value

