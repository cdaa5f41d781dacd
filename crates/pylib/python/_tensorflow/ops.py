"""`tf.init_scope`, as TensorFlow's `ops.init_scope`: inside a `tf.function` being traced,
what it wraps runs in the outermost context (eagerly, or in the `tf.compat.v1` graph), as
variables and their initial values are made."""

import contextlib

import _tf_init_scope


@contextlib.contextmanager
def init_scope():
    token = _tf_init_scope.lift()
    try:
        yield
    finally:
        _tf_init_scope.restore(token)


def get_logger():
    """`tf.get_logger()`: the `tensorflow` logger of the `logging` module."""
    import logging
    return logging.getLogger("tensorflow")
