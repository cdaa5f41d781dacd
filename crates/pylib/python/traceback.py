"""Printing and formatting exceptions with their tracebacks, as the interpreter does."""

import sys

import _playground_traceback as _tb

__all__ = ["print_exc", "format_exc", "print_exception", "format_exception",
           "format_exception_only", "print_last"]


def _exception(exc, value):
    if value is not None and not isinstance(value, type) and value is not _sentinel:
        return value
    return exc


_sentinel = object()


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    """The lines ``print_exception`` prints, each ending in a newline."""
    text = _tb.format(_exception(exc, value))
    return text.splitlines(keepends=True)


def format_exception_only(exc, /, value=_sentinel):
    """The last line of the report: ``ValueError: message``."""
    exc = _exception(exc, value)
    if exc is None:
        return ["NoneType: None\n"]
    name = type(exc).__qualname__
    module = type(exc).__module__
    if module not in ("__main__", "builtins"):
        name = module + "." + name
    text = str(exc)
    return [name + (": " + text if text else "") + "\n"]


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    """Prints an exception and its traceback (to ``sys.stderr`` by default)."""
    if file is None:
        file = sys.stderr
    for line in format_exception(exc, value, tb, limit, chain):
        print(line, file=file, end="")


def format_exc(limit=None, chain=True):
    """The exception being handled and its traceback, as text."""
    return "".join(format_exception(_tb.current(), limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    """Prints the exception being handled and its traceback."""
    print_exception(_tb.current(), limit=limit, file=file, chain=chain)


def print_last(limit=None, file=None, chain=True):
    raise ValueError("no last exception")
