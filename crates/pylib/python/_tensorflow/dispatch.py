"""Type-based dispatch: `tf.experimental.dispatch_for_api`,
`dispatch_for_unary_elementwise_apis`, `dispatch_for_binary_elementwise_apis` and
`unregister_dispatch_for`.

Registering a dispatcher for an API replaces the API, in every `tf` namespace that holds
it, by a wrapper that keeps the API's identity for every later lookup (`tf.abs is
tf.math.abs` still holds). A call runs the first registered dispatcher whose signature its
arguments match (at least one of them an extension type, as TensorFlow dispatches only on
types other than `tf.Tensor`), and the API itself otherwise.
"""

import collections.abc
import inspect
import typing

import tensorflow as tf

# TensorFlow's unary and binary element-wise APIs (the names TF 2.21 registers with
# `register_unary_elementwise_api` / `register_binary_elementwise_api`), by their last
# name component; the namespaces below are searched for them.
UNARY_ELEMENTWISE = frozenset("""
abs acos acosh angle asin asinh atan atanh bessel_i0 bessel_i0e bessel_i1 bessel_i1e cast
ceil clip_by_value conj cos cosh digamma erf erfc erfcinv erfinv exp expm1 floor gelu imag
is_finite is_inf is_nan leaky_relu lgamma log log1p log_sigmoid log_softmax logical_not
ndtri negative ones_like real reciprocal reciprocal_no_nan relu relu6 elu selu rint round
rsqrt saturate_cast sigmoid sign sin sinh softplus softsign sqrt square swish silu tan tanh
zeros_like as_string lower upper strip to_number regex_full_match regex_replace substr
to_hash_bucket_fast to_hash_bucket_strong unicode_script convert_image_dtype
adjust_brightness adjust_gamma check_numerics decode_base64 encode_base64 invert
""".split())

BINARY_ELEMENTWISE = frozenset("""
add atan2 bitwise_and bitwise_or bitwise_xor left_shift right_shift complex div div_no_nan
divide equal floordiv floor_div floormod mod greater greater_equal less less_equal
logical_and logical_or logical_xor maximum minimum squared_difference xlogy zeta multiply
multiply_no_nan not_equal pow realdiv scalar_mul subtract truediv truncatediv truncatemod
xdivy xlog1py
""".split())

_NAMESPACES = ("", "math", "nn", "strings", "image", "bitwise", "dtypes", "debugging", "io",
               "linalg", "random", "sparse", "ragged", "signal")

# The keyword names element-wise APIs give their first and second operands.
_FIRST_OPERAND = ("x", "input", "features", "tensor", "t", "image", "images", "a", "value",
                  "logits", "input_tensor")
_SECOND_OPERAND = ("y", "b")

_api_dispatchers = {}        # id(original api) -> [(dispatch_target, [signature, ...])]
_unary_dispatchers = []      # [(dispatch_target, x_type)]
_binary_dispatchers = []     # [(dispatch_target, x_type, y_type)]
_wrapped = {}                # id(original api) -> (original, wrapper)
_originals = {}              # id(wrapper) -> original


def _namespaces():
    for path in _NAMESPACES:
        module = tf
        for part in filter(None, path.split(".")):
            module = getattr(module, part, None)
        if module is not None:
            yield module


def _original(api):
    return _originals.get(id(api), api)


def _matches(value, annotation):
    """`(matched, dispatchable)`: whether `value` has type `annotation`, and whether it
    matched through a type other than `tf.Tensor` (which alone never dispatches)."""
    if annotation is typing.Any:
        return True, False
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        for option in typing.get_args(annotation):
            matched, dispatchable = _matches(value, option)
            if matched:
                return True, dispatchable
        return False, False
    if origin in (list, tuple, collections.abc.Sequence, collections.abc.Iterable):
        if not isinstance(value, (list, tuple)):
            return False, False
        args = [arg for arg in typing.get_args(annotation) if arg is not Ellipsis]
        element = args[0] if args else typing.Any
        any_dispatchable = False
        for item in value:
            matched, dispatchable = _matches(item, element)
            if not matched:
                return False, False
            any_dispatchable = any_dispatchable or dispatchable
        return True, any_dispatchable
    if annotation is None or annotation is type(None):
        return value is None, False
    if isinstance(annotation, type):
        if not isinstance(value, annotation):
            return False, False
        return True, not issubclass(annotation, tf.Tensor)
    return False, False


def _signature_matches(bound, signature):
    any_dispatchable = False
    for name, annotation in signature.items():
        if name not in bound:
            continue
        matched, dispatchable = _matches(bound[name], annotation)
        if not matched:
            return False
        any_dispatchable = any_dispatchable or dispatchable
    return any_dispatchable


def _operands(args, kwargs, count):
    """The first `count` element-wise operands of a call (positional first, then by
    keyword), and a function putting replacements back into the call."""
    args = list(args)
    kwargs = dict(kwargs)
    places = []
    for index in range(count):
        if index < len(args):
            places.append(("arg", index))
            continue
        names = _FIRST_OPERAND if index == 0 else _SECOND_OPERAND
        name = next((name for name in names if name in kwargs), None)
        if name is None:
            return None, None
        places.append(("kwarg", name))

    def value(place):
        return args[place[1]] if place[0] == "arg" else kwargs[place[1]]

    def call_with(original, *operands):
        new_args, new_kwargs = list(args), dict(kwargs)
        for place, operand in zip(places, operands):
            if place[0] == "arg":
                new_args[place[1]] = operand
            else:
                new_kwargs[place[1]] = operand
        return original(*new_args, **new_kwargs)

    return [value(place) for place in places], call_with


def _dispatch(original, args, kwargs):
    """The dispatched result of a call, or `NotImplemented`."""
    for target, signatures in _api_dispatchers.get(id(original), ()):
        try:
            bound = inspect.signature(target).bind(*args, **kwargs).arguments
        except TypeError:
            continue
        if any(_signature_matches(bound, signature) for signature in signatures):
            return target(*args, **kwargs)
    name = getattr(original, "__name__", "")
    if name in UNARY_ELEMENTWISE and _unary_dispatchers:
        operands, call_with = _operands(args, kwargs, 1)
        if operands is not None:
            for target, x_type in _unary_dispatchers:
                if _matches(operands[0], x_type) == (True, True):
                    return target(lambda x: call_with(original, x), operands[0])
    if name in BINARY_ELEMENTWISE and _binary_dispatchers:
        operands, call_with = _operands(args, kwargs, 2)
        if operands is not None:
            for target, x_type, y_type in _binary_dispatchers:
                x_match, y_match = _matches(operands[0], x_type), _matches(operands[1], y_type)
                if x_match[0] and y_match[0] and (x_match[1] or y_match[1]):
                    return target(lambda x, y: call_with(original, x, y), *operands)
    return NotImplemented


def _wrap(api):
    """Puts a dispatching wrapper in place of `api` in every namespace holding it."""
    original = _original(api)
    if id(original) in _wrapped:
        return
    def wrapper(*args, **kwargs):
        result = _dispatch(original, args, kwargs)
        if result is NotImplemented:
            return original(*args, **kwargs)
        return result

    wrapper.__name__ = getattr(original, "__name__", "api")
    wrapper.__qualname__ = wrapper.__name__
    wrapper.__doc__ = getattr(original, "__doc__", None)
    wrapper.__wrapped__ = original
    _wrapped[id(original)] = (original, wrapper)
    _originals[id(wrapper)] = original
    for module in _namespaces():
        for name, value in list(vars(module).items()):
            if value is original:
                setattr(module, name, wrapper)


def _wrap_named(names):
    for module in _namespaces():
        for name in names:
            value = vars(module).get(name)
            if value is None:
                try:
                    value = getattr(module, name)
                except AttributeError:
                    continue
            if callable(value) and not isinstance(value, type):
                _wrap(value)


def _annotations_of(target):
    hints = typing.get_type_hints(target)
    hints.pop("return", None)
    return hints


def dispatch_for_api(api, *signatures):
    """Decorator: `dispatch_target` runs instead of `api` when a call's arguments match
    one of `signatures` (`{parameter: type}`), or its own parameter annotations."""
    if not callable(api):
        raise TypeError(f"{api!r} does not support dispatch.")

    def decorator(dispatch_target):
        if not callable(dispatch_target):
            raise TypeError(f"Expected dispatch_target to be callable; "
                            f"got {dispatch_target!r}")
        found = list(signatures) or [_annotations_of(dispatch_target)]
        original = _original(api)
        _wrap(original)
        _api_dispatchers.setdefault(id(original), []).append((dispatch_target, found))
        return dispatch_target

    return decorator


def dispatch_for_unary_elementwise_apis(x_type):
    """Decorator: `handler(api_func, x)` runs for every unary element-wise API called with
    an `x` of `x_type`; `api_func(x)` is the API with the call's other arguments."""
    def decorator(handler):
        _wrap_named(UNARY_ELEMENTWISE)
        _unary_dispatchers.append((handler, x_type))
        return handler

    return decorator


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """Decorator: `handler(api_func, x, y)` runs for every binary element-wise API called
    with an `x` of `x_type` and a `y` of `y_type`."""
    def decorator(handler):
        _wrap_named(BINARY_ELEMENTWISE)
        _binary_dispatchers.append((handler, x_type, y_type))
        return handler

    return decorator


def unregister_dispatch_for(dispatch_target):
    """Removes every registration of `dispatch_target`."""
    found = False
    for key, entries in list(_api_dispatchers.items()):
        kept = [entry for entry in entries if entry[0] is not dispatch_target]
        found = found or len(kept) != len(entries)
        _api_dispatchers[key] = kept
    for registry in (_unary_dispatchers, _binary_dispatchers):
        kept = [entry for entry in registry if entry[0] is not dispatch_target]
        found = found or len(kept) != len(registry)
        registry[:] = kept
    if not found:
        raise ValueError(f"Function {dispatch_target} was not registered using a "
                         f"`@dispatch_for_*` decorator.")
