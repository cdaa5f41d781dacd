"""AutoGraph's operators: what a converted function's statements call (`ag__.if_stmt`,
`ag__.while_stmt`, `ag__.for_stmt`, `ag__.and_`, `ag__.converted_call`, ...).

The conversion is native (`_tf_autograph.convert`, over the interpreter's control-flow
conversion). Each operator does what Python would when its condition or iterable is a
Python value, and stages TensorFlow control flow when it is a tensor: `tf.cond` for an
`if`, `tf.while_loop` for a `while` or a `for` over a tensor, as AutoGraph does. A
statement's state is every variable its blocks assign; a variable not yet defined when
the statement starts is local to its blocks (AutoGraph decides that by liveness
analysis), and reading it afterwards raises AutoGraph's error.
"""

import types

import _tf_autograph
import _tf_control_flow
import tensorflow as tf
from _tensorflow import nest_api as nest
from _tensorflow.tensor_array import StagedTensorArray, TensorArray


class Undefined:
    """A variable not defined (yet) at this point of a converted function."""

    __slots__ = ("symbol_name", "message")

    def __init__(self, symbol_name, message=None):
        self.symbol_name = symbol_name
        self.message = message

    def _fail(self, *args, **kwargs):
        if self.message is not None:
            raise ValueError(self.message)
        raise UnboundLocalError(
            f"cannot access local variable '{self.symbol_name}' where it is not "
            "associated with a value")

    __getattr__ = _fail
    __call__ = _fail
    __getitem__ = _fail
    __setitem__ = _fail
    __iter__ = _fail
    __len__ = _fail
    __bool__ = _fail
    __str__ = _fail
    __repr__ = _fail
    __format__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _fail
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _fail
    __mod__ = __rmod__ = __pow__ = __rpow__ = __matmul__ = __rmatmul__ = _fail
    __neg__ = __pos__ = __abs__ = __invert__ = _fail
    __lt__ = __le__ = __gt__ = __ge__ = _fail
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = _fail


class UndefinedReturnValue:
    """The return value of a converted function before a `return` ran."""

    __slots__ = ()


def _undefined(value):
    return isinstance(value, (Undefined, UndefinedReturnValue))


def retval(value):
    """What a converted function returns: `None` when no `return` ran."""
    if isinstance(value, UndefinedReturnValue):
        return None
    if isinstance(value, Undefined):
        value._fail()
    return value


# ----- calls -----

_converted = {}


def _convert_function(function):
    if getattr(function, "__ag_do_not_convert__", False):
        return function
    key = function
    try:
        found = _converted.get(key)
    except TypeError:
        return function
    if found is not None:
        return found
    converted = _tf_autograph.convert(function, _operators())
    if converted is None:
        converted = function
    _converted[key] = converted
    return converted


def _operators():
    import sys
    return sys.modules[__name__]


def converted_call(f, /, *args, **kwargs):
    """Calls `f`, converted first when it is the user's function (not the library's)."""
    overload = _BUILTIN_OVERLOADS.get(id(f))
    if overload is not None and overload[0] is f:
        return overload[1](*args, **kwargs)
    if isinstance(f, types.FunctionType):
        return _convert_function(f)(*args, **kwargs)
    if isinstance(f, types.MethodType) and isinstance(f.__func__, types.FunctionType):
        converted = _convert_function(f.__func__)
        return converted(f.__self__, *args, **kwargs)
    return f(*args, **kwargs)


# ----- conditions -----

def _is_tensor(value):
    return tf.is_tensor(value)


def _verify_condition(cond, tag):
    cond = tf.convert_to_tensor(cond)
    if cond.dtype != tf.bool:
        raise ValueError(
            f"condition of {tag} expected to be `tf.bool` scalar, got {cond}; to use as "
            "boolean Tensor, use `tf.cast`; to check for None, use `is not None`")
    if cond.shape.rank is not None and cond.shape.rank > 0:
        known = [d for d in cond.shape.as_list() if d is not None]
        size = 1
        for d in known:
            size *= d
        if size > 1:
            raise ValueError(
                f"condition of {tag} expected to be `tf.bool` scalar, got {cond}; to "
                "check for None, use `is not None`")
        cond = tf.reshape(cond, ())
    return cond


def not_(value):
    if _is_tensor(value):
        return tf.logical_not(value)
    return not value


def and_(a, b):
    value = a()
    if _is_tensor(value):
        return tf.cond(value, b, lambda: value)
    return value and b()


def or_(a, b):
    value = a()
    if _is_tensor(value):
        return tf.cond(value, lambda: value, b)
    return value or b()


def not_any(*flags):
    """Whether none of the exit flags (`do_return`, `break_`, `continue_`) is set."""
    if any(_is_tensor(flag) for flag in flags):
        result = None
        for flag in flags:
            flag = tf.convert_to_tensor(flag)
            result = flag if result is None else tf.logical_or(result, flag)
        return tf.logical_not(result)
    return not any(flags)


def if_exp(cond, if_true, if_false):
    if _is_tensor(cond):
        return tf.cond(cond, if_true, if_false)
    return if_true() if cond else if_false()


def assert_stmt(test, message):
    if _is_tensor(test):
        data = [message()] if message is not None else ["Assertion failed"]
        return tf.debugging.Assert(test, data)
    if not test:
        if message is None:
            raise AssertionError()
        raise AssertionError(message())
    return None


# ----- if -----

def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts, in_both=()):
    """`if cond: body else: orelse` over the state `symbol_names`."""
    if _is_tensor(cond):
        _tf_if_stmt(cond, body, orelse, get_state, set_state, symbol_names, in_both)
    elif cond:
        body()
    else:
        orelse()


def _tf_if_stmt(cond, body, orelse, get_state, set_state, symbol_names, in_both):
    cond = _verify_condition(cond, "if statement")
    init = get_state()
    # A variable defined before the `if`, or assigned in both branches, comes out of it;
    # one assigned in a single branch is that branch's own.
    outputs = [i for i, (name, value) in enumerate(zip(symbol_names, init))
               if not isinstance(value, Undefined) or name in in_both]
    results = {}

    def branch(block, which):
        def run():
            set_state(init)
            block()
            state = get_state()
            results[which] = state
            values = []
            for i in outputs:
                name, value = symbol_names[i], state[i]
                if isinstance(value, Undefined):
                    raise ValueError(
                        f"'{name}' must also be initialized in the {which} branch")
                if isinstance(value, UndefinedReturnValue):
                    raise ValueError(
                        f"the {which} branch must also have a return statement.")
                if value is None:
                    raise ValueError(f"'{name}' is None at the end of the {which} branch.")
                values.append(value)
            if "main" in results and "else" in results:
                _verify_branches(results, outputs, symbol_names)
            return values
        return run

    staged = tf.cond(cond, branch(body, "main"), branch(orelse, "else"))
    final = list(init)
    for i, value in zip(outputs, staged):
        final[i] = value
    for i, name in enumerate(symbol_names):
        if i in outputs:
            continue
        main, other = results["main"][i], results["else"][i]
        if isinstance(main, Undefined) and isinstance(other, Undefined):
            continue
        missing = "else" if isinstance(other, Undefined) else "main"
        final[i] = Undefined(name, f"'{name}' must also be initialized in the {missing} branch")
    set_state(tuple(final))


def _verify_branches(results, outputs, symbol_names):
    for i in outputs:
        name = symbol_names[i]
        main, other = results["main"][i], results["else"][i]
        try:
            nest.assert_same_structure(main, other)
        except (ValueError, TypeError) as e:
            raise TypeError(
                f"'{name}' must have the same nested structure in the main and else "
                f"branches:\n\n{e}") from e
        for a, b in zip(nest.flatten(main), nest.flatten(other)):
            a = tf.convert_to_tensor(a) if isinstance(a, (bool, int, float)) else a
            b = tf.convert_to_tensor(b) if isinstance(b, (bool, int, float)) else b
            if _is_tensor(a) and _is_tensor(b) and a.dtype != b.dtype:
                raise TypeError(
                    f"'{name}' has dtype {a.dtype.name} in the main branch, but dtype "
                    f"{b.dtype.name} in the else branch")


# ----- loops -----

def _shape_text(shape):
    return str(tf.TensorShape(shape))


def _is_subshape(left, right):
    if right.rank is None:
        return True
    if left.rank != right.rank:
        return False
    return all(r is None or l == r for l, r in zip(left.as_list(), right.as_list()))


def _verify_loop_vars(names, entry, exit_):
    for name, before, after in zip(names, entry, exit_):
        if after is None:
            raise ValueError(f"'{name}' is None at the end of the iteration.")
        if isinstance(after, Undefined):
            raise ValueError(f"'{name}' must be defined before the loop.")
        try:
            nest.assert_same_structure(before, after)
        except (ValueError, TypeError) as e:
            raise TypeError(
                f"'{name}' does not have the same nested structure after one iteration."
                f"\n\n{e}") from e
        for a, b in zip(nest.flatten(before), nest.flatten(after)):
            if isinstance(a, (bool, int, float)):
                a = tf.convert_to_tensor(a)
            if isinstance(b, (bool, int, float)):
                b = tf.convert_to_tensor(b)
            if not (_is_tensor(a) and _is_tensor(b)):
                continue
            if a.dtype != b.dtype:
                raise TypeError(
                    f"'{name}' has dtype {a.dtype.name} before the loop, but dtype "
                    f"{b.dtype.name} after one iteration")
            if not _is_subshape(b.shape, a.shape):
                raise ValueError(
                    f"'{name}' has shape {a.shape} before the loop, but shape {b.shape} "
                    "after one iteration. Use tf.autograph.experimental.set_loop_options "
                    "to set shape invariants.")


def _tf_while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """A staged `while`: the defined state variables are the loop variables; the others
    are local to the body."""
    # A TensorArray carried by the loop is staged: one tensor of its elements.
    init = tuple(StagedTensorArray.from_array(v) if isinstance(v, TensorArray) else v
                 for v in get_state())
    set_state(init)
    for name, value in zip(symbol_names, init):
        if isinstance(value, UndefinedReturnValue):
            raise NotImplementedError(
                "a return statement cannot be placed inside this TensorFlow loop; this "
                "may happen if a return statement depends on a static Python condition "
                "such as a hyperparameter")
        if value is None:
            raise ValueError(f"'{name}' is not allowed to be None before the loop")
    carried = [i for i, value in enumerate(init) if not isinstance(value, Undefined)]
    undefined = [i for i, value in enumerate(init) if isinstance(value, Undefined)]
    invariants = {}
    if undefined:
        # AutoGraph stages one iteration in a scratch graph to learn what the loop makes
        # of the variables it defines; those it can make a zero of start at zero.
        init = list(init)
        first = _first_iteration(body, get_state, set_state, tuple(init))
        for i in undefined:
            if first is None:
                break
            zero, invariant = _placeholder_value(first[i])
            if zero is not None:
                init[i] = zero
                carried.append(i)
                if invariant is not None:
                    invariants[i] = invariant
        carried.sort()
        set_state(tuple(init))
    names = [symbol_names[i] for i in carried]

    def full_state(loop_vars):
        state = [Undefined(name) for name in symbol_names]
        for i, value in zip(carried, loop_vars):
            state[i] = value
        return tuple(state)

    entry = [init[i] for i in carried]

    def loop_test(*loop_vars):
        set_state(full_state(loop_vars))
        return _verify_condition(test(), "while loop")

    def loop_body(*loop_vars):
        set_state(full_state(loop_vars))
        body()
        state = get_state()
        after = [state[i] for i in carried]
        _verify_loop_vars(names, loop_vars, after)
        return after

    shape_invariants = None
    if invariants:
        shape_invariants = [invariants.get(i) for i in carried]
    final = tf.while_loop(loop_test, loop_body, entry, shape_invariants=shape_invariants)
    state = [Undefined(name, f"'{name}' must be defined before the loop.")
             for name in symbol_names]
    for i, value in zip(carried, final):
        state[i] = value
    set_state(tuple(state))


def _first_iteration(body, get_state, set_state, init):
    """The state after one iteration of `body`, staged in a scratch graph; `None` when
    staging it fails as AutoGraph allows (an unbound name, a type or value error)."""
    result = []

    def run():
        # Writes to a TensorArray in the staged iteration must not reach the real one.
        set_state(tuple(v.copy() if isinstance(v, StagedTensorArray) else v for v in init))
        body()
        result.append(get_state())

    try:
        _tf_control_flow.scratch(run)
    except (UnboundLocalError, TypeError, ValueError, KeyError):
        return None
    finally:
        set_state(init)
    return result[0] if result else None


def _placeholder_value(like):
    """A zero like `like` to start a loop variable the loop defines, and the shape
    invariant it needs (a tensor with dimensions known only when the graph runs)."""
    if isinstance(like, bool):
        return False, None
    if isinstance(like, (int, float)):
        return type(like)(0), None
    if _is_tensor(like):
        shape = like.shape
        if shape.rank is None:
            return tf.zeros((), like.dtype), None
        dims = shape.as_list()
        zero = tf.zeros([d if d is not None else 0 for d in dims], like.dtype)
        return zero, (shape if None in dims else None)
    return None, None


def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """`while test(): body()` over the state `symbol_names`."""
    first = test()
    if _is_tensor(first):
        _tf_while_stmt(test, body, get_state, set_state, symbol_names, opts)
        return
    if not first:
        return
    body()
    while True:
        result = test()
        if _is_tensor(result) and tf.get_static_value(result) is None:
            raise NotImplementedError(
                "The condition of while loop started as non-Tensor, then changed to "
                "Tensor. This may happen either because variables changed type, or when a "
                "break or return statement inside the loop depends on a Tensor condition. "
                "In both cases, changing to a TF loop should remove the error.\nSee "
                "https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/"
                "autograph/g3doc/reference/limitations.md"
                "#consistency-of-control-flow-types for more info.")
        if not result:
            return
        body()


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """`for target in iter_: body(target)`, stopping when `extra_test()` is false."""
    if _is_tensor(iter_):
        _tf_tensor_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names,
                            opts)
        return
    if isinstance(iter_, tf.data.Dataset):
        _dataset_for_stmt(iter_, extra_test, body)
        return
    _py_for_stmt(iter_, extra_test, body)


def _py_for_stmt(iter_, extra_test, body):
    if extra_test is None:
        for target in iter_:
            body(target)
        return

    def keep_going():
        result = extra_test()
        if _is_tensor(result) and tf.get_static_value(result) is None:
            raise NotImplementedError(
                "break and return statements which depend on a TF condition are not "
                "supported in Python for loops. Did you intend to make it a TF loop?\nSee "
                "https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/"
                "autograph/g3doc/reference/limitations.md"
                "#consistency-of-control-flow-types for more info.")
        return bool(result)

    if keep_going():
        for target in iter_:
            body(target)
            if not keep_going():
                break


def _dataset_for_stmt(dataset, extra_test, body):
    # The playground's tf.data runs in Python: a dataset loop is unrolled as it traces.
    _py_for_stmt(dataset, extra_test, body)


def _range_parts(iter_):
    """A `tf.range` tensor's start, limit and delta, when `iter_` is one."""
    op = getattr(iter_, "op", None)
    if op is None or getattr(op, "type", None) != "Range":
        return None
    try:
        start, limit, delta = op.inputs
    except (ValueError, AttributeError, TypeError):
        return None
    return start, limit, delta


def _tf_tensor_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """A staged `for` over a tensor: over a `tf.range`, its values; over another tensor,
    its rows. The iterate is a loop variable of its own."""
    parts = _range_parts(iter_)
    if parts is not None:
        start, limit, delta = parts
        const_delta = tf.get_static_value(delta)

        def main_test(iterate):
            if const_delta is not None:
                return iterate < limit if const_delta >= 0 else iterate > limit
            return tf.logical_or(tf.logical_and(delta >= 0, iterate < limit),
                                 tf.logical_and(delta < 0, iterate > limit))

        def element(iterate):
            return iterate

        def advance(iterate):
            return iterate + delta

        first = start
    else:
        if iter_.shape.rank == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        count = iter_.shape[0]
        n = count if count is not None else tf.shape(iter_)[0]

        def main_test(iterate):
            return iterate < n

        def element(iterate):
            return tf.gather(iter_, iterate)

        def advance(iterate):
            return iterate + 1

        first = tf.constant(0)

    iterate_box = [first]

    def aug_get_state():
        return (iterate_box[0],) + tuple(get_state())

    def aug_set_state(values):
        iterate_box[0] = values[0]
        set_state(tuple(values[1:]))

    def aug_test():
        test = main_test(iterate_box[0])
        if extra_test is not None:
            return tf.cond(test, extra_test, lambda: False)
        return test

    def aug_body():
        iterate = iterate_box[0]
        body(element(iterate))
        iterate_box[0] = advance(iterate)

    _tf_while_stmt(aug_test, aug_body, aug_get_state, aug_set_state,
                   ("<internal iterate>",) + tuple(symbol_names), opts)


# ----- builtins inside converted code -----

def _any_tensor(values):
    return any(_is_tensor(v) for v in values)


def _range(*args):
    if _any_tensor(args):
        return tf.range(*args)
    return range(*args)


def _len(value):
    if _is_tensor(value):
        if value.shape.rank == 0:
            raise ValueError("len requires a non-scalar tensor, got one of shape []")
        static = value.shape[0]
        if static is not None:
            return static
        return tf.shape(value)[0]
    return len(value)


def _int(value=0, base=None):
    if _is_tensor(value):
        return tf.cast(value, tf.int32)
    if base is None:
        return int(value)
    return int(value, base)


def _float(value=0.0):
    if _is_tensor(value):
        return tf.cast(value, tf.float32)
    return float(value)


def _abs(value):
    if _is_tensor(value):
        return tf.abs(value)
    return abs(value)


_BUILTIN_OVERLOADS = {
    id(range): (range, _range),
    id(len): (len, _len),
    id(int): (int, _int),
    id(float): (float, _float),
    id(abs): (abs, _abs),
}
