"""TensorFlow's new type promotion (`tnp.experimental_enable_numpy_behavior(
dtype_conversion_mode="all" | "safe")`): weak tensors and the promotion lattice.

In these modes a value that came from Python numbers (`tf.constant(5)`, `[1.0, 2.0]`) is
*weak*: a `WeakTensor`, whose dtype gives way to the other operand's, as a Python scalar's
does in JAX. Binary ops find their operands' result type in TensorFlow's lattice (below)
and cast both to it; in "safe" mode the promotions marked as "all"-only raise TypeError.
Unary ops keep their input's weakness. Ops not listed here see a `WeakTensor` as the
tensor it wraps. The wrappers are installed on first use of a new mode and check the mode
on every call, so switching back to "legacy" restores the old behaviour.
"""

import enum

import numpy as np
import tensorflow as tf


class PromoMode(enum.Enum):
    """The dtype conversion modes; a promotion is allowed when its mode is at most the
    current one."""
    OFF = 0
    LEGACY = 1
    SAFE = 2
    ALL = 3


# TensorFlow 2.21's promotion lattice (`flexible_dtypes._BINARY_DTYPE_RES_FULL`): the result
# of each pair of (dtype, weak) inputs; `w` marks a weak type, `!` a promotion allowed only
# in "all" mode.
_LATTICE = """
       b     u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128   i32w   i64w   f32w   f64w  c128w
b      b     u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128   i32w   i64w   f32w   f64w  c128w
u8    u8     u8    u16    u32    u64   i16!    i16    i32    i64   bf16    f16    f32    f64    c64   c128     u8     u8  f64w!   f64w  c128w
u16  u16    u16    u16    u32    u64   i32!   i32!    i32    i64  bf16!   f16!    f32    f64    c64   c128    u16    u16  f64w!   f64w  c128w
u32  u32    u32    u32    u32    u64   i64!   i64!   i64!    i64  bf16!   f16!   f32!    f64   c64!   c128    u32    u32  f64w!   f64w  c128w
u64  u64    u64    u64    u64    u64  f64w!  f64w!  f64w!  f64w!  bf16!   f16!   f32!   f64!   c64!  c128!    u64    u64  f64w!  f64w! c128w!
i8    i8   i16!   i32!   i64!  f64w!     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128     i8     i8  f64w!   f64w  c128w
i16  i16    i16   i32!   i64!  f64w!    i16    i16    i32    i64  bf16!   f16!    f32    f64    c64   c128    i16    i16  f64w!   f64w  c128w
i32  i32    i32    i32   i64!  f64w!    i32    i32    i32    i64  bf16!   f16!   f32!    f64   c64!   c128    i32    i32  f64w!   f64w  c128w
i64  i64    i64    i64    i64  f64w!    i64    i64    i64    i64  bf16!   f16!   f32!   f64!   c64!  c128!    i64    i64  f64w!  f64w! c128w!
bf16 bf16  bf16  bf16!  bf16!  bf16!   bf16  bf16!  bf16!  bf16!   bf16   f32!    f32    f64    c64   c128   bf16   bf16   bf16   bf16   c64!
f16  f16    f16   f16!   f16!   f16!    f16   f16!   f16!   f16!   f32!    f16    f32    f64    c64   c128    f16    f16    f16    f16   c64!
f32  f32    f32    f32   f32!   f32!    f32    f32   f32!   f32!    f32    f32    f32    f64    c64   c128    f32    f32    f32    f32   c64!
f64  f64    f64    f64    f64   f64!    f64    f64    f64   f64!    f64    f64    f64    f64  c128!   c128    f64    f64    f64    f64   c128
c64  c64    c64    c64   c64!   c64!    c64    c64   c64!   c64!    c64    c64    c64  c128!    c64   c128    c64    c64    c64    c64    c64
c128 c128  c128   c128   c128  c128!   c128   c128   c128  c128!   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128
i32w i32w    u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128   i32w   i64w   f32w   f64w  c128w
i64w i64w    u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128   i64w   i64w   f32w   f64w  c128w
f32w f32w  f64w!  f64w!  f64w!  f64w!  f64w!  f64w!  f64w!  f64w!   bf16    f16    f32    f64    c64   c128   f32w   f32w   f32w   f64w  c128w
f64w f64w   f64w   f64w   f64w  f64w!   f64w   f64w   f64w  f64w!   bf16    f16    f32    f64    c64   c128   f64w   f64w   f64w   f64w  c128w
c128w c128w c128w c128w  c128w c128w!  c128w  c128w  c128w c128w!   c64!   c64!   c64!   c128    c64   c128  c128w  c128w  c128w  c128w  c128w
"""

_PREFIXES = (("bf", "bfloat"), ("u", "uint"), ("i", "int"), ("f", "float"), ("c", "complex"))


def _parse_code(code):
    """`"f32w"` -> `("float32", True)`."""
    weak = code.endswith("w")
    code = code.rstrip("w")
    if code == "b":
        return ("bool", weak)
    for short, long in _PREFIXES:
        if code.startswith(short) and code[len(short):].isdigit():
            return (long + code[len(short):], weak)
    raise ValueError(code)


def _parse_lattice():
    rows = [line.split() for line in _LATTICE.strip().splitlines()]
    columns = [_parse_code(code) for code in rows[0]]
    table = {}
    for row in rows[1:]:
        left = _parse_code(row[0])
        for right, cell in zip(columns, row[1:]):
            table[(left, right)] = (_parse_code(cell.rstrip("!")),
                                    PromoMode.ALL if cell.endswith("!") else PromoMode.SAFE)
    return table


_RESULTS = _parse_lattice()


def _mode():
    from _tensorflow.tnp import _behavior
    return {"legacy": PromoMode.LEGACY, "all": PromoMode.ALL,
            "safe": PromoMode.SAFE}[_behavior._state.get("mode", "legacy")]


def enabled():
    """Whether the new type promotion is on ("all" or "safe")."""
    return _mode() in (PromoMode.ALL, PromoMode.SAFE)


def _flatten(value):
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _flatten(item)
    else:
        yield value


def _dtype_and_weakness(x):
    """The (dtype, weak) of one input, as TensorFlow infers it."""
    if isinstance(x, WeakTensor):
        return (x.dtype, True)
    if isinstance(x, tf.DType):
        return (x, False)
    dtype = getattr(x, "dtype", None)
    if isinstance(dtype, tf.DType):
        return (dtype, False)
    if isinstance(x, np.ndarray) or (dtype is not None and hasattr(dtype, "kind")):
        return (tf.as_dtype(dtype), False)
    if isinstance(x, (bytes, str)):
        return (tf.string, False)
    if isinstance(x, bool) or x is bool:
        return (tf.bool, False)
    if isinstance(x, int):
        if not -2 ** 31 <= x < 2 ** 31:
            raise OverflowError(f"Python int {x} too large to convert to np.int32")
        return (tf.int32, True)
    if x is int:
        return (tf.int32, True)
    if isinstance(x, float) or x is float:
        return (tf.float32, True)
    if isinstance(x, complex) or x is complex:
        return (tf.complex128, True)
    if isinstance(x, tf.TensorShape):
        return (tf.int32, False)
    if isinstance(x, type) and x.__module__ == "numpy":
        return (tf.as_dtype(x), False)
    raise NotImplementedError(
        f"Auto dtype conversion semantics does not support {type(x)} type.")


def result_type(*arrays_and_dtypes):
    """The promoted (dtype, weak) of the inputs in the current mode; TypeError when the
    mode disallows a promotion on the way."""
    mode = _mode()
    inputs = [_dtype_and_weakness(x) for x in _flatten([a for a in arrays_and_dtypes
                                                        if a is not None])]
    if not inputs:
        inputs = [(tf.float32, True)]
    result = inputs[0]
    for arg in inputs[1:]:
        if result[0] == tf.string and arg[0] == tf.string:
            continue
        key = ((result[0].name, result[1]), (arg[0].name, arg[1]))
        if key not in _RESULTS:
            raise NotImplementedError(
                f"Implicit Conversion between {result[0]} and {arg[0]} is not allowed. "
                "Please convert the input manually if you need to.")
        (name, weak), allowed = _RESULTS[key]
        if allowed.value > mode.value:
            raise TypeError(
                f"In promotion mode {mode}, implicit dtype promotion between "
                f"({result[0]}, weak={result[1]}) and ({arg[0]}, weak={arg[1]}) is "
                "disallowed. You need to explicitly specify the dtype in your op, or relax "
                "your dtype promotion rules (such as from SAFE mode to ALL mode).")
        result = (tf.as_dtype(name), weak)
    return result


class WeakTensor:
    """A tensor whose dtype yields to other operands' in promotion: what ops make of Python
    numbers under the new type promotion. Reads and most methods are the wrapped
    tensor's; ops that know nothing of weakness take it as that tensor."""

    __module__ = "tensorflow.python.framework.weak_tensor"

    def __init__(self, tensor):
        self.tensor = tensor

    def to_tensor(self):
        """The wrapped (normal) tensor."""
        return self.tensor

    def __tf_tensor__(self, dtype=None, name=None):
        return self.tensor

    @property
    def dtype(self):
        return self.tensor.dtype

    @property
    def shape(self):
        return self.tensor.shape

    def numpy(self):
        return self.tensor.numpy()

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.tensor.numpy(), dtype=dtype)

    def __repr__(self):
        return repr(self.tensor)[:-1] + ", weak=True>"

    def __str__(self):
        return str(self.tensor)[:-1] + ", weak=True)"

    def __getattr__(self, name):
        return getattr(self.tensor, name)

    def _tf_flatten_composite(self):
        """`tf.function` takes and returns a weak tensor as its tensor, rebuilt weak."""
        key = f"WeakTensorSpec({self.tensor.shape}, tf.{self.tensor.dtype.name})"
        return key, [self.tensor], _from_components

    def __len__(self):
        return len(self.tensor)

    def __iter__(self):
        for item in self.tensor:
            yield _weak(item)

    def __getitem__(self, key):
        return self.tensor[key]

    def __bool__(self):
        return bool(self.tensor)

    def __float__(self):
        return float(self.tensor)

    def __int__(self):
        return int(self.tensor)

    def __index__(self):
        return self.tensor.__index__()

    def __complex__(self):
        return complex(self.tensor)

    def __hash__(self):
        return id(self)


class EagerWeakTensor(WeakTensor):
    """A weak tensor with a value (the kind eager ops make)."""

    __module__ = "tensorflow.python.framework.weak_tensor"


def _weak(tensor):
    return EagerWeakTensor(tensor) if tf.executing_eagerly() else WeakTensor(tensor)


def _from_components(components):
    return _weak(components[0])


def _weak_or_tensor(result, weak):
    if weak and isinstance(result, tf.Tensor) and result.dtype != tf.bool:
        return _weak(result)
    return result


def _convert_or_cast(x, dtype):
    if isinstance(x, WeakTensor):
        x = x.tensor
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return x if x.dtype == dtype else tf.cast(x, dtype)
    return tf.convert_to_tensor(x, dtype=dtype)


def _first_operand(args, kwargs, names):
    if args:
        return args[0], (lambda value: ((value,) + tuple(args[1:]), kwargs))
    for name in names:
        if name in kwargs:
            return kwargs[name], (lambda value, name=name: (args, {**kwargs, name: value}))
    return None, None


_X_NAMES = ("x", "input", "input_tensor", "features", "t", "tensor", "a", "logits")


def _unary(op):
    """`op` keeping its input's weakness (TensorFlow's `weak_tensor_unary_op_wrapper`)."""
    def wrapper(*args, **kwargs):
        if not enabled():
            return op(*args, **kwargs)
        x, replace = _first_operand(args, kwargs, _X_NAMES)
        if replace is None or isinstance(x, tf.Tensor) or kwargs.get("dtype") is not None:
            return op(*args, **kwargs)
        try:
            dtype, weak = result_type(x)
        except NotImplementedError:
            return op(*args, **kwargs)
        args, kwargs = replace(_convert_or_cast(x, dtype))
        return _weak_or_tensor(op(*args, **kwargs), weak)
    return _named(wrapper, op)


def _binary(op, comparison=False):
    """`op` with its two operands promoted in the lattice (TensorFlow's
    `weak_tensor_binary_op_wrapper`); comparisons never return weak tensors."""
    def wrapper(x, y, *args, **kwargs):
        if not enabled():
            return op(x, y, *args, **kwargs)
        try:
            dtype, weak = result_type(x, y)
        except NotImplementedError:
            return op(x, y, *args, **kwargs)
        result = op(_convert_or_cast(x, dtype), _convert_or_cast(y, dtype), *args, **kwargs)
        return _weak_or_tensor(result, weak and not comparison)
    return _named(wrapper, op)


def _constant(op):
    """`tf.constant`: Python numbers without a dtype make a weak tensor."""
    def wrapper(value, dtype=None, shape=None, name="Const"):
        if not enabled():
            return op(value, dtype, shape, name)
        if isinstance(value, WeakTensor):
            value = value.tensor
        if dtype is not None:
            return op(value, dtype, shape, name)
        try:
            target, weak = result_type(value)
        except NotImplementedError:
            return op(value, dtype, shape, name)
        return _weak_or_tensor(op(value, target, shape, name), weak)
    return _named(wrapper, op)


def _named(wrapper, op):
    wrapper.__name__ = getattr(op, "__name__", "op")
    wrapper.__qualname__ = wrapper.__name__
    wrapper.__doc__ = getattr(op, "__doc__", None)
    wrapper.__wrapped__ = op
    return wrapper


# The APIs TensorFlow patches (`weak_tensor_ops.py`), by name in its namespaces.
_UNARY = """abs softplus sign real imag angle round sigmoid log_sigmoid conj ceil sqrt exp
rsqrt acos floor acosh asin asinh atan atanh cos cosh digamma erf erfc expm1 lgamma log log1p
negative reciprocal rint sin sinh square tan tanh zeros_like ones_like relu6 leaky_relu gelu
log_softmax swish silu elu relu selu softsign clip_by_value reduce_max reduce_mean reduce_min
reduce_prod reduce_std reduce_sum trace reshape expand_dims identity squeeze stop_gradient
transpose""".split()
_BINARY = """add subtract multiply matmul divide div_no_nan realdiv truediv floordiv floor_div
floormod mod pow truncatediv truncatemod""".split()
_COMPARISON = ("maximum", "minimum", "equal")
_NAMESPACES = ("", "math", "nn", "linalg")
_OPERATORS = {"__add__": "add", "__sub__": "subtract", "__mul__": "multiply",
              "__truediv__": "truediv", "__floordiv__": "floordiv", "__mod__": "floormod",
              "__pow__": "pow", "__matmul__": "matmul"}

_installed = []


def _variable_class():
    from tensorflow.python.ops import resource_variable_ops
    return resource_variable_ops.ResourceVariable


def _variable_method(method):
    """`assign`, `assign_add`, `assign_sub`: the value is promoted with the variable's dtype,
    which must be the result (a variable's dtype cannot change)."""
    def wrapper(self, value, *args, **kwargs):
        if not enabled():
            return method(self, value, *args, **kwargs)
        try:
            target, _ = result_type(self, value)
        except NotImplementedError:
            return method(self, value, *args, **kwargs)
        if target != self.dtype:
            name = method.__name__
            raise TypeError(
                f"Variable dtype is immutable. Calling {name} of Variable (with dtype "
                f"{self.dtype}) on {value} requires converting {value} to {self.dtype}. This "
                "is disabled in the current promotion semantics. Please convert "
                f"{value} manually before calling {name}.")
        return method(self, _convert_or_cast(value, target), *args, **kwargs)
    return _named(wrapper, method)


def install():
    """Puts the promoting wrappers in place (once); they follow the mode set later."""
    if _installed:
        return
    _installed.append(True)
    wrapped = {}
    for path in _NAMESPACES:
        module = tf
        for part in filter(None, path.split(".")):
            module = getattr(module, part)
        for names, make in ((_UNARY, _unary), (_BINARY, _binary),
                            (_COMPARISON, lambda op: _binary(op, comparison=True))):
            for name in names:
                try:
                    op = getattr(module, name)
                except AttributeError:
                    continue
                if id(op) not in wrapped:
                    wrapped[id(op)] = make(op)
                setattr(module, name, wrapped[id(op)])
    tf.constant = _constant(tf.constant)
    variable = _variable_class()
    for name in ("assign", "assign_add", "assign_sub"):
        setattr(variable, name, _variable_method(getattr(variable, name)))
    for method, name in _OPERATORS.items():
        function = getattr(tf.math, name, None) or getattr(tf, name)
        plain = getattr(tf.Tensor, method)

        def operator(self, other, function=function, plain=plain):
            return function(self, other) if enabled() else plain(self, other)

        def reflected(self, other, function=function, plain=getattr(
                tf.Tensor, "__r" + method[2:])):
            return function(other, self) if enabled() else plain(self, other)

        setattr(tf.Tensor, method, operator)
        setattr(tf.Tensor, "__r" + method[2:], reflected)
        # Variables' operators are their value's.
        for plain_of, name_of in ((getattr(_variable_class(), method, None), method),
                                  (getattr(_variable_class(), "__r" + method[2:], None),
                                   "__r" + method[2:])):
            if plain_of is None:
                continue
            forward = name_of == method

            def variable_operator(self, other, function=function, plain=plain_of,
                                  forward=forward):
                if not enabled():
                    return plain(self, other)
                return function(self, other) if forward else function(other, self)

            setattr(_variable_class(), name_of, variable_operator)
        setattr(WeakTensor, method, lambda self, other, function=function:
                function(self, other))
        setattr(WeakTensor, "__r" + method[2:], lambda self, other, function=function:
                function(other, self))
    for method in ("__lt__", "__le__", "__gt__", "__ge__"):
        setattr(WeakTensor, method, lambda self, other, method=method:
                getattr(self.tensor, method)(other))
    WeakTensor.__eq__ = lambda self, other: tf.equal(self, other)
    WeakTensor.__ne__ = lambda self, other: tf.logical_not(tf.equal(self, other))
    WeakTensor.__neg__ = lambda self: tf.negative(self)
    WeakTensor.__abs__ = lambda self: tf.abs(self)
