"""Logging: loggers in a dotted hierarchy, levels, handlers and ``%``-style formats, printing
to stderr as CPython's ``logging`` does (``WARNING:root:message`` after ``basicConfig``,
the bare message from the last-resort handler when nothing is configured)."""

import sys
import time as _time

__all__ = [
    "CRITICAL", "DEBUG", "ERROR", "FATAL", "INFO", "NOTSET", "WARN", "WARNING",
    "Formatter", "Handler", "LogRecord", "Logger", "StreamHandler", "FileHandler",
    "NullHandler", "basicConfig", "critical", "debug", "error", "exception", "fatal",
    "getLogger", "getLevelName", "info", "log", "warning", "warn", "disable",
    "addLevelName", "root", "lastResort",
]

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {CRITICAL: "CRITICAL", ERROR: "ERROR", WARNING: "WARNING", INFO: "INFO",
                DEBUG: "DEBUG", NOTSET: "NOTSET"}
_nameToLevel = {"CRITICAL": CRITICAL, "FATAL": FATAL, "ERROR": ERROR, "WARN": WARNING,
                "WARNING": WARNING, "INFO": INFO, "DEBUG": DEBUG, "NOTSET": NOTSET}
_disable = 0


def getLevelName(level):
    result = _levelToName.get(level)
    if result is not None:
        return result
    result = _nameToLevel.get(level)
    if result is not None:
        return result
    return "Level %s" % level


def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError("Unknown level: %r" % level)
        return _nameToLevel[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


class LogRecord:
    """One logging event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None,
                 sinfo=None):
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = pathname.rsplit("/", 1)[-1]
        self.module = self.filename.rsplit(".", 1)[0]
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = _time.time()
        self.msecs = int((self.created - int(self.created)) * 1000) + 0.0
        self.relativeCreated = (self.created - _start_time) * 1000
        self.thread = 1
        self.threadName = "MainThread"
        self.processName = "MainProcess"
        self.process = 1

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno,
                                                      self.pathname, self.lineno, self.msg)


_start_time = _time.time()
BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"


class Formatter:
    """Formats a record with a ``%``-style (or ``{}``/``$``) format."""

    default_time_format = "%Y-%m-%d %H:%M:%S"
    default_msec_format = "%s,%03d"

    def __init__(self, fmt=None, datefmt=None, style="%", validate=True, *, defaults=None):
        if style not in ("%", "{", "$"):
            raise ValueError("Style must be one of: %,{,$")
        self._fmt = fmt or {"%": "%(message)s", "{": "{message}", "$": "${message}"}[style]
        self._style = style
        self.datefmt = datefmt
        self._defaults = defaults or {}

    def formatTime(self, record, datefmt=None):
        ct = _time.localtime(record.created)
        if datefmt:
            return _time.strftime(datefmt, ct)
        t = _time.strftime(self.default_time_format, ct)
        return self.default_msec_format % (t, record.msecs)

    def usesTime(self):
        return "asctime" in self._fmt

    def formatException(self, ei):
        import traceback
        return "".join(traceback.format_exception(ei[1])).rstrip("\n")

    def formatMessage(self, record):
        values = dict(self._defaults)
        values.update(record.__dict__)
        if self._style == "%":
            return self._fmt % values
        if self._style == "{":
            return self._fmt.format(**values)
        import string
        return string.Template(self._fmt).substitute(**values)

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + record.exc_text
        return s


_defaultFormatter = Formatter()


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            result = f.filter(record) if hasattr(f, "filter") else f(record)
            if not result:
                return False
        return True


class Filter:
    def __init__(self, name=""):
        self.name = name

    def filter(self, record):
        if not self.name or self.name == record.name:
            return True
        return record.name.startswith(self.name + ".")


class Handler(Filterer):
    """Where records go: subclasses define ``emit``."""

    def __init__(self, level=NOTSET):
        super().__init__()
        self.level = _checkLevel(level)
        self.formatter = None
        self.name = None

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def format(self, record):
        return (self.formatter or _defaultFormatter).format(record)

    def handle(self, record):
        if self.filter(record):
            self.emit(record)
            return True
        return False

    def emit(self, record):
        raise NotImplementedError("emit must be implemented by Handler subclasses")

    def flush(self):
        pass

    def close(self):
        pass

    def handleError(self, record):
        raise

    def __repr__(self):
        return "<%s (%s)>" % (self.__class__.__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes each record and a newline to a stream (``sys.stderr`` by default)."""

    terminator = "\n"

    def __init__(self, stream=None):
        super().__init__()
        self._stream = stream

    @property
    def stream(self):
        return self._stream if self._stream is not None else sys.stderr

    def setStream(self, stream):
        old = self._stream
        self._stream = stream
        return old

    def emit(self, record):
        msg = self.format(record)
        self.stream.write(msg + self.terminator)

    def __repr__(self):
        name = getattr(self.stream, "name", "")
        return "<%s %s(%s)>" % (self.__class__.__name__, name, getLevelName(self.level))


class FileHandler(StreamHandler):
    """Writes records to a file of the virtual file system."""

    def __init__(self, filename, mode="a", encoding=None, delay=False, errors=None):
        import os
        self.baseFilename = os.path.abspath(filename)
        self.mode = mode
        super().__init__(open(filename, mode, encoding=encoding, errors=errors))

    def close(self):
        self._stream.close()


class NullHandler(Handler):
    def emit(self, record):
        pass

    def handle(self, record):
        pass


class _StderrHandler(StreamHandler):
    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)


lastResort = _StderrHandler(WARNING)


class PlaceHolder:
    def __init__(self, logger):
        self.loggerMap = {logger: None}


class Logger(Filterer):
    """A named channel of log records, passed up the dotted hierarchy to its handlers."""

    def __init__(self, name, level=NOTSET):
        super().__init__()
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled or _disable >= level:
            return False
        return level >= self.getEffectiveLevel()

    def getChild(self, suffix):
        if self.root is not self:
            suffix = ".".join((self.name, suffix))
        return self.manager.getLogger(suffix)

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    warn = warning

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            raise TypeError("level must be an integer")
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False,
             stacklevel=1):
        import _playground_traceback as _tb
        where = _tb.caller(stacklevel + 1)
        filename, lineno, func = where[:3] if where else ("(unknown file)", 0, "(unknown function)")
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, None)
            elif not isinstance(exc_info, tuple):
                current = _tb.current()
                exc_info = (type(current), current, None) if current is not None else None
        record = LogRecord(self.name, level, filename, lineno, msg, args, exc_info, func)
        if extra is not None:
            for key in extra:
                if key in ("message", "asctime") or key in record.__dict__:
                    raise KeyError("Attempt to overwrite %r in LogRecord" % key)
                setattr(record, key, extra[key])
        self.handle(record)

    def handle(self, record):
        if not self.disabled and self.filter(record):
            self.callHandlers(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                return False
            c = c.parent
        return False

    def callHandlers(self, record):
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found += 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                break
            c = c.parent
        if found == 0 and lastResort is not None and record.levelno >= lastResort.level:
            lastResort.handle(record)

    def __repr__(self):
        return "<%s %s (%s)>" % (self.__class__.__name__, self.name,
                                 getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        super().__init__("root", level)

    def __repr__(self):
        return "<RootLogger root (%s)>" % getLevelName(self.getEffectiveLevel())


class Manager:
    def __init__(self, rootnode):
        self.root = rootnode
        self.loggerDict = {}

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError("A logger name must be a string")
        logger = self.loggerDict.get(name)
        if logger is None:
            logger = Logger(name)
            logger.manager = self
            self.loggerDict[name] = logger
            self._fixup_parents(logger)
            for other in self.loggerDict.values():
                if other is not logger and other.name.startswith(name + "."):
                    if other.parent is None or len(other.parent.name) < len(name) or \
                            other.parent is self.root:
                        other.parent = logger
        return logger

    def _fixup_parents(self, logger):
        name = logger.name
        i = name.rfind(".")
        while i > 0:
            parent = self.loggerDict.get(name[:i])
            if parent is not None:
                logger.parent = parent
                return
            i = name.rfind(".", 0, i - 1)
        logger.parent = self.root


root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(root)
root.manager = Logger.manager


def getLogger(name=None):
    """The logger called ``name`` (the root logger for None or ``"root"``)."""
    if not name or (isinstance(name, str) and name == root.name):
        return root
    return Logger.manager.getLogger(name)


def basicConfig(**kwargs):
    """Gives the root logger a stream handler with a format, once (or again with
    ``force=True``)."""
    force = kwargs.pop("force", False)
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if root.handlers:
        return
    handlers = kwargs.pop("handlers", None)
    filename = kwargs.pop("filename", None)
    filemode = kwargs.pop("filemode", "a")
    stream = kwargs.pop("stream", None)
    if handlers is None:
        if filename:
            handlers = [FileHandler(filename, filemode)]
        else:
            handlers = [StreamHandler(stream)]
    fmt = Formatter(kwargs.pop("format", BASIC_FORMAT), kwargs.pop("datefmt", None),
                    kwargs.pop("style", "%"))
    for h in handlers:
        if h.formatter is None:
            h.setFormatter(fmt)
        root.addHandler(h)
    level = kwargs.pop("level", None)
    if level is not None:
        root.setLevel(level)
    kwargs.pop("encoding", None)
    kwargs.pop("errors", None)
    if kwargs:
        raise ValueError("Unrecognised argument(s): %s" % ", ".join(kwargs.keys()))


def critical(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, stacklevel=kwargs.pop("stacklevel", 1) + 1, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, stacklevel=kwargs.pop("stacklevel", 1) + 1, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, stacklevel=kwargs.pop("stacklevel", 1) + 1, **kwargs)


warn = warning


def info(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, stacklevel=kwargs.pop("stacklevel", 1) + 1, **kwargs)


def debug(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, stacklevel=kwargs.pop("stacklevel", 1) + 1, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, stacklevel=kwargs.pop("stacklevel", 1) + 1, **kwargs)


def disable(level=CRITICAL):
    global _disable
    _disable = level


def shutdown():
    pass


def captureWarnings(capture):
    pass
