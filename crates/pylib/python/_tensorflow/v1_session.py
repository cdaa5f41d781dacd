"""TF1's default session: `Session.as_default()`, `with tf.compat.v1.Session() as sess:`
(which makes it the default), `tf.compat.v1.get_default_session()`, `InteractiveSession`
(the default from the moment it is made), and what reads it: `Tensor.eval()`,
`Operation.run()` and `Variable.eval()`."""

import tensorflow as tf

_stack = []


def push(session):
    _stack.append(session)


def pop(session):
    for index in range(len(_stack) - 1, -1, -1):
        if _stack[index] is session:
            del _stack[index]
            return


def get_default_session():
    return _stack[-1] if _stack else None


class _AsDefault:
    def __init__(self, session):
        self._session = session

    def __enter__(self):
        push(self._session)
        return self._session

    def __exit__(self, *exc):
        pop(self._session)
        return False


def as_default(session):
    return _AsDefault(session)


def _session_for(session, what):
    session = session if session is not None else get_default_session()
    if session is None:
        raise ValueError(
            f"Cannot evaluate tensor using `eval()`: No default session is registered. Use "
            "`with sess.as_default()` or pass an explicit session to `eval(session=sess)`"
            if what == "eval" else
            "Cannot execute operation using `run()`: No default session is registered. Use "
            "`with sess.as_default():` or pass an explicit session to `run(session=sess)`")
    return session


def eval(tensor, feed_dict=None, session=None):  # noqa: A001
    """`Tensor.eval()` and `Variable.eval()`: the value in the default session."""
    return _session_for(session, "eval").run(tensor, feed_dict=feed_dict)


def run(operation, feed_dict=None, session=None):
    """`Operation.run()`."""
    _session_for(session, "run").run(operation, feed_dict=feed_dict)


def InteractiveSession(target="", graph=None, config=None):
    """A session that makes itself the default when it is made."""
    session = tf.compat.v1.Session(target, graph=graph, config=config)
    push(session)
    return session
