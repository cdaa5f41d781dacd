"""Warnings: printed to stderr once per place by default, as CPython prints them, with
``simplefilter``, ``filterwarnings`` and ``catch_warnings`` to change that."""

import sys

import _playground_traceback as _tb

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning", "filterwarnings",
           "simplefilter", "resetwarnings", "catch_warnings"]

filters = []
defaultaction = "default"
onceregistry = {}
_shown = set()


class WarningMessage:
    def __init__(self, message, category, filename, lineno, file=None, line=None,
                 source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, "
                "line : %r}" % (self.message, self._category_name, self.filename,
                                self.lineno, self.line))


def formatwarning(message, category, filename, lineno, line=None):
    """``file:line: Category: message`` and the source line, as CPython formats it."""
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line:
        s += "  %s\n" % line.strip()
    return s


def _showwarnmsg(msg):
    text = formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    file = msg.file if msg.file is not None else sys.stderr
    file.write(text)


def showwarning(message, category, filename, lineno, file=None, line=None):
    _showwarnmsg(WarningMessage(message, category, filename, lineno, file, line))


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    """Adds a filter: ``action`` for warnings matching the message start and category."""
    if action not in ("error", "ignore", "always", "default", "module", "once"):
        raise ValueError("invalid action: %r" % (action,))
    item = (action, message.lower(), category, module, lineno)
    if item in filters:
        filters.remove(item)
    if append:
        filters.append(item)
    else:
        filters.insert(0, item)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Adds a filter for every warning of ``category``."""
    filterwarnings(action, "", category, "", lineno, append)


def resetwarnings():
    filters[:] = []


def _default_action(category, filename):
    if issubclass(category, (DeprecationWarning, PendingDeprecationWarning, ImportWarning,
                             ResourceWarning)):
        if issubclass(category, DeprecationWarning) and filename == "main.py":
            return "default"
        return "ignore"
    return defaultaction


def _action_for(text, category, filename, lineno):
    for action, message, cat, module, line in filters:
        if (text.lower().startswith(message) and issubclass(category, cat)
                and (not line or line == lineno)):
            return action
    return _default_action(category, filename)


def warn(message, category=None, stacklevel=1, source=None):
    """Issues a warning: printed, ignored or raised as the filters say."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{}'".format(
            type(category).__name__))
    where = _tb.caller(stacklevel)
    if where is None:
        filename, lineno, line = "sys", 1, ""
    else:
        filename, lineno, _, line = where
    warn_explicit(message, category, filename, lineno, line=line)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None, line=None):
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = str(message)
        message = category(message)
    action = _action_for(text, category, filename, lineno)
    if action == "error":
        raise message
    if action == "ignore":
        return
    if action == "once":
        key = (text, category)
    elif action == "module":
        key = (text, category, filename)
    elif action == "always":
        key = None
    else:
        key = (text, category, filename, lineno)
    if key is not None:
        if key in _shown:
            return
        _shown.add(key)
    msg = WarningMessage(message, category, filename, lineno, None, line)
    _showwarnmsg(msg)


class catch_warnings:
    """Saves the filters on entry and restores them on exit; with ``record=True`` the
    warnings are collected in the list ``__enter__`` returns instead of printed."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        self._record = record
        self._action = action
        self._category = category
        self._lineno = lineno
        self._append = append

    def __enter__(self):
        global _showwarnmsg
        self._filters = filters[:]
        self._shown = set(_shown)
        self._show = _showwarnmsg
        if self._action is not None:
            simplefilter(self._action, self._category, self._lineno, self._append)
        if self._record:
            log = []
            _showwarnmsg = log.append
            _shown.clear()
            return log
        return None

    def __exit__(self, *exc_info):
        global _showwarnmsg
        filters[:] = self._filters
        _shown.clear()
        _shown.update(self._shown)
        _showwarnmsg = self._show
