"""`tf.autograph`: converting a Python function's control flow into TensorFlow's, as
`tf.function` does to every function it traces (see `autograph_operators.py`)."""

import functools

import _tf_autograph
from _tensorflow import autograph_operators as _operators


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """The function with its control flow converted (called outside a `tf.function`,
    its tensors are eager and it runs as Python would)."""
    converted = _tf_autograph.convert(entity, _operators)
    if converted is None:
        raise ValueError(f"converting {entity!r} is not supported")
    return converted


def to_code(entity, recursive=True, experimental_optional_features=None):
    raise NotImplementedError(
        "tf.autograph.to_code is not emulated: the playground converts functions without "
        "generating their source.")


def set_verbosity(level, alsologtostdout=False):
    """AutoGraph's logging verbosity (the playground's AutoGraph logs nothing)."""
    return None


def trace(*args):
    """Prints its arguments when the function is traced (AutoGraph's debugging aid)."""
    print(*args)


class _Experimental:
    """`tf.autograph.experimental`."""

    @staticmethod
    def do_not_convert(func=None):
        """Marks a function to run unconverted in a `tf.function`."""
        if func is None:
            return _Experimental.do_not_convert

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        wrapper.__ag_do_not_convert__ = True
        return wrapper

    @staticmethod
    def set_loop_options(parallel_iterations=None, swap_memory=None,
                         maximum_iterations=None, shape_invariants=None):
        """Options for the loop it is called in (accepted; the playground's loops use
        TensorFlow's defaults)."""
        return None

    class Feature:
        ALL = "ALL"
        AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
        ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
        BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
        EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
        LISTS = "LISTS"
        NAME_SCOPES = "NAME_SCOPES"


experimental = _Experimental()
