"""Keras's backend state and dtype rules: `floatx`, Keras's dtype promotion lattice
(JAX-style, with weak Python scalars), unique layer names, the name-scope stack that gives
variables their `path`, and the training-mode call context."""

import tensorflow as tf

_FLOATX = ["float32"]
_EPSILON = [1e-7]
_IMAGE_DATA_FORMAT = ["channels_last"]


def floatx():
    return _FLOATX[0]


def set_floatx(value):
    _FLOATX[0] = standardize_dtype(value)


def epsilon():
    return _EPSILON[0]


def set_epsilon(value):
    _EPSILON[0] = value


def image_data_format():
    return _IMAGE_DATA_FORMAT[0]


def set_image_data_format(value):
    _IMAGE_DATA_FORMAT[0] = value


def backend():
    return "tensorflow"


def is_keras_tensor(x):
    """Whether `x` is a symbolic Keras tensor (a functional model's `Input` or a layer's
    output on one)."""
    from keras.src.keras_tensor import KerasTensor
    return isinstance(x, KerasTensor)


# ---- dtypes -------------------------------------------------------------------------

_INT_TYPES = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64")
_FLOAT_TYPES = ("bfloat16", "float16", "float32", "float64")

# Each dtype's immediate successors on Keras's promotion lattice ("int" and "float" are
# the weak types of Python scalars).
_LATTICE = {
    "bool": ["int"],
    "uint8": ["int16", "uint16"],
    "uint16": ["int32", "uint32"],
    "uint32": ["int64", "uint64"],
    "uint64": ["float"],
    "int": ["uint8", "int8", "complex64"],
    "int8": ["int16"],
    "int16": ["int32"],
    "int32": ["int64"],
    "int64": ["float"],
    "float": ["bfloat16", "float16"],
    "bfloat16": ["float32"],
    "float16": ["float32"],
    "float32": ["float64", "complex64"],
    "float64": ["complex128"],
    "complex64": ["complex128"],
    "complex128": [],
}


def _upper_bounds():
    bounds = {}
    for start in _LATTICE:
        seen = {start}
        frontier = [start]
        while frontier:
            node = frontier.pop()
            for up in _LATTICE[node]:
                if up not in seen:
                    seen.add(up)
                    frontier.append(up)
        bounds[start] = seen
    return bounds


_UPPER = _upper_bounds()


def standardize_dtype(dtype):
    """A dtype's Keras name: `"float32"` for `tf.float32`, `np.float32`, `"float32"`."""
    if dtype is None:
        return floatx()
    if dtype is int:
        return "int64"
    if dtype is float:
        return "float32"
    if dtype is bool:
        return "bool"
    if isinstance(dtype, str):
        name = dtype
    elif hasattr(dtype, "name") and isinstance(dtype.name, str):
        name = dtype.name
    elif hasattr(dtype, "__name__"):
        name = dtype.__name__
    else:
        name = str(dtype)
    if name == "float":
        return "float32"
    if name == "int":
        return "int64"
    if name == "double":
        return "float64"
    if name == "half":
        return "float16"
    if name == "bool_":
        return "bool"
    if name not in _LATTICE and name != "string":
        raise ValueError(f"Invalid dtype: {name}")
    return name


def _least_upper_bound(nodes):
    nodes = set(nodes)
    common = set.intersection(*[_UPPER[n] for n in nodes])
    lub = (common & nodes) or {c for c in common if common.issubset(_UPPER[c])}
    if len(lub) != 1:
        raise ValueError(
            f"Input dtypes {tuple(str(n) for n in nodes)} have no available implicit dtype "
            "promotion path. Try explicitly casting inputs to the desired output type."
        )
    return lub.pop()


def _weak(dtype):
    if dtype == "bool":
        return dtype
    if "float" in dtype:
        return "float"
    if "int" in dtype:
        return "int"
    return dtype


def _resolve_weak(dtype):
    precision = floatx()[-2:]
    if dtype[0] == "b":
        return "bool"
    if dtype[0] == "i":
        return "int" + precision
    if dtype[0] == "u":
        return "uint" + precision
    return "float" + precision


def result_type(*dtypes):
    """The dtype Keras's ops compute in for inputs of `dtypes` (Python `int`/`float` are
    weak: they take the other operand's type)."""
    if not dtypes:
        return floatx()
    names = []
    weak = []
    for d in dtypes:
        names.append(standardize_dtype(d))
        weak.append(d is int or d is float)
    if len(names) == 1:
        out, out_weak = names[0], weak[0]
    elif len(set(names)) == 1 and not all(weak):
        out, out_weak = names[0], False
    elif all(weak):
        out, out_weak = _least_upper_bound(names), True
    else:
        out = _least_upper_bound([_weak(n) if w else n for n, w in zip(names, weak)])
        out_weak = out in ("int", "float")
    if out != "bool" and out_weak:
        out = _resolve_weak(out)
    if out == "uint64":
        out = "uint32"
    return out


def dtype_of(x):
    """The dtype `result_type` takes for an op input: Python scalars are weak types."""
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return int
    if isinstance(x, float):
        return float
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        return standardize_dtype(dtype)
    return standardize_dtype(tf.convert_to_tensor(x).dtype)


def is_float_dtype(dtype):
    dtype = standardize_dtype(dtype)
    return dtype.startswith("float") or dtype.startswith("bfloat")


def is_int_dtype(dtype):
    return standardize_dtype(dtype) in _INT_TYPES


# ---- names, scopes and call context -------------------------------------------------

_NAME_COUNTS = {}


def unique_name(prefix):
    """`prefix`, then `prefix_1`, `prefix_2`, ... as Keras names layers and tensors."""
    count = _NAME_COUNTS.get(prefix, 0)
    _NAME_COUNTS[prefix] = count + 1
    return prefix if count == 0 else f"{prefix}_{count}"


def clear_session():
    _NAME_COUNTS.clear()


def snake_case(name):
    """Keras's default layer name for a class name: `MaxPooling2D` -> `max_pooling2d`."""
    import re
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    name = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    return name.lower()


_SCOPES = []


class name_scope:
    """Keras's name scope: the variables made inside get `path`s under it."""

    def __init__(self, name, caller=None, **kwargs):
        self.name = name
        self.caller = caller
        self._pushed = False

    def __enter__(self):
        # A layer calling itself again (build inside call) does not nest its own name.
        if not (self.caller is not None and _SCOPES and _SCOPES[-1][1] is self.caller):
            _SCOPES.append((self.name, self.caller))
            self._pushed = True
        return self

    def __exit__(self, *exc):
        if self._pushed:
            _SCOPES.pop()
        return False


def current_path(name):
    return "/".join([s[0] for s in _SCOPES] + [name])


_SYMBOLIC = []


def in_symbolic_scope():
    """Whether a call is being traced only for its outputs' shapes and dtypes."""
    return bool(_SYMBOLIC)


_TRAINING = []


class call_context:
    """The training flag of the outermost layer call, inherited by nested calls."""

    def __init__(self, training):
        self.training = training

    def __enter__(self):
        _TRAINING.append(self.training)

    def __exit__(self, *exc):
        _TRAINING.pop()
        return False


def outer_training():
    for value in reversed(_TRAINING):
        if value is not None:
            return value
    return None


def convert_to_tensor(x, dtype=None):
    if dtype is not None:
        dtype = standardize_dtype(dtype)
    if tf.is_tensor(x) or isinstance(x, tf.Variable):
        if dtype is not None and standardize_dtype(x.dtype) != dtype:
            return tf.cast(x, dtype)
        return tf.convert_to_tensor(x)
    if dtype is None and isinstance(x, float):
        dtype = floatx()
    return tf.convert_to_tensor(x, dtype=dtype)


def is_tensor(x):
    return tf.is_tensor(x)


class _VariableType(type):
    """`keras.Variable`: calling it makes a Keras variable (the engine's native class,
    `keras.src.backend.tensorflow.core.Variable`), which `isinstance` recognises."""

    def __call__(cls, initializer, shape=None, dtype=None, trainable=True, autocast=True,
                 aggregation="none", synchronization="auto", name=None, **kwargs):
        import _keras_native
        import tensorflow as tf
        from keras.src import initializers
        if name is None:
            name = unique_name("variable")
        if isinstance(initializer, str) or (callable(initializer)
                                            and not tf.is_tensor(initializer)):
            if shape is None:
                raise ValueError(
                    "When creating a Variable from an initializer, the `shape` argument "
                    f"should be specified. Received: initializer={initializer} and "
                    f"shape={shape}")
            dtype = standardize_dtype(dtype or floatx())
            value = initializers.get(initializer)(shape, dtype=dtype)
        else:
            value = initializer
        if dtype is not None:
            value = tf.convert_to_tensor(value, dtype=standardize_dtype(dtype))
        else:
            value = tf.convert_to_tensor(value)
            if value.dtype.is_floating:
                value = tf.cast(value, floatx())
        with tf.init_scope():
            return _keras_native.variable(value, current_path(name), trainable)

    def __instancecheck__(cls, instance):
        kind = type(instance)
        return (kind.__name__ == "Variable"
                and kind.__module__ == "keras.src.backend.tensorflow.core")


class Variable(metaclass=_VariableType):
    """A Keras variable (see `_VariableType`)."""
