"""Tools for ``with`` statements: ``contextmanager`` turns a generator into a context manager,
and ``suppress``, ``nullcontext``, ``closing`` and ``ExitStack`` cover the common patterns,
as CPython's ``contextlib`` does. Written for this playground."""

__all__ = ["contextmanager", "suppress", "nullcontext", "closing", "ExitStack", "redirect_stdout", "redirect_stderr",
           "ContextDecorator", "AbstractContextManager"]


class AbstractContextManager:
    """A base for context managers whose ``__enter__`` returns themselves."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    """A context manager that can also decorate a function: each call runs inside it."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        inner.__name__ = getattr(func, "__name__", "inner")
        inner.__qualname__ = getattr(func, "__qualname__", inner.__name__)
        inner.__doc__ = getattr(func, "__doc__", None)
        inner.__wrapped__ = func
        return inner


class _GeneratorContextManager(ContextDecorator):
    """The context manager ``@contextmanager`` makes: the generator runs up to its ``yield``
    on entry; on exit it resumes, or has the block's exception raised at the ``yield``."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        self.__doc__ = getattr(func, "__doc__", None)

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # The generator handled the exception and finished: it is suppressed unless the
            # StopIteration is the block's own.
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """Decorates a generator function that yields once: the code before the ``yield`` runs
    on entering the ``with`` block, the code after it on leaving."""
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    helper.__name__ = getattr(func, "__name__", "helper")
    helper.__qualname__ = getattr(func, "__qualname__", helper.__name__)
    helper.__doc__ = getattr(func, "__doc__", None)
    helper.__wrapped__ = func
    return helper


class suppress(AbstractContextManager):
    """Silences the given exception types raised in the block."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class nullcontext(AbstractContextManager):
    """Does nothing; ``as`` gets ``enter_result``."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class closing(AbstractContextManager):
    """Calls ``thing.close()`` on leaving the block."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class ExitStack(AbstractContextManager):
    """Enters any number of context managers and leaves them in reverse order, as nested
    ``with`` statements would."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = ExitStack()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def enter_context(self, cm):
        cls = type(cm)
        try:
            enter = cls.__enter__
            exit_ = cls.__exit__
        except AttributeError:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does not support "
                            "the context manager protocol") from None
        result = enter(cm)
        self._exit_callbacks.append(lambda *exc: exit_(cm, *exc))
        return result

    def push(self, exit):
        exit_method = getattr(type(exit), "__exit__", None)
        if exit_method is None:
            self._exit_callbacks.append(exit)
        else:
            self._exit_callbacks.append(lambda *exc: exit_method(exit, *exc))
        return exit

    def callback(self, callback, /, *args, **kwds):
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def close(self):
        self.__exit__(None, None, None)

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        suppressed = False
        pending = None
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            if pending is not None:
                details = (type(pending), pending, None)
            elif suppressed:
                details = (None, None, None)
            else:
                details = exc_details
            try:
                if cb(*details):
                    suppressed = True
                    pending = None
            except BaseException as new_exc:
                pending = new_exc
                suppressed = False
        if pending is not None:
            raise pending
        return received_exc and suppressed


class _RedirectStream(AbstractContextManager):
    """Points `sys.<stream>` at another file-like object for the block."""

    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        import sys
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        import sys
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """`with redirect_stdout(buffer):` sends `print` output to `buffer`."""

    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    """`with redirect_stderr(buffer):` sends `sys.stderr` output to `buffer`."""

    _stream = "stderr"
