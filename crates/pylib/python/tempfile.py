"""Temporary files and directories, under ``/tmp`` of the virtual file system."""

import io as _io
import os as _os

__all__ = [
    "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile", "TemporaryDirectory",
    "mkstemp", "mkdtemp", "mktemp", "TMP_MAX", "gettempprefix", "tempdir", "gettempdir",
    "gettempprefixb", "gettempdirb",
]

TMP_MAX = 10000
template = "tmp"
tempdir = None

_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_rng = None


def _random_name():
    """Eight random characters, as CPython's names are made."""
    global _rng
    if _rng is None:
        import random
        _rng = random.Random()
    return "".join(_rng.choice(_CHARACTERS) for _ in range(8))


def gettempprefix():
    return template


def gettempprefixb():
    return template.encode()


def gettempdir():
    """The directory temporary files go in (``/tmp``)."""
    global tempdir
    if tempdir is None:
        tempdir = "/tmp"
    return tempdir


def gettempdirb():
    return gettempdir().encode()


def _sanitize(prefix, suffix, dir):
    if suffix is None:
        suffix = ""
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return prefix, suffix, _os.fspath(dir)


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """A new file, opened: ``(fd, path)``."""
    prefix, suffix, dir = _sanitize(prefix, suffix, dir)
    flags = _os.O_RDWR | _os.O_CREAT | _os.O_EXCL
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + _random_name() + suffix)
        try:
            fd = _os.open(path, flags, 0o600)
        except FileExistsError:
            continue
        return fd, _os.path.abspath(path)
    raise FileExistsError(17, "No usable temporary file name found")


def mkdtemp(suffix=None, prefix=None, dir=None):
    """A new directory: its path."""
    prefix, suffix, dir = _sanitize(prefix, suffix, dir)
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + _random_name() + suffix)
        try:
            _os.mkdir(path, 0o700)
        except FileExistsError:
            continue
        return _os.path.abspath(path)
    raise FileExistsError(17, "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        path = _os.path.join(dir, prefix + _random_name() + suffix)
        if not _os.path.exists(path):
            return path
    raise FileExistsError(17, "No usable temporary filename found")


class _TemporaryFileWrapper:
    """A file object whose ``name`` is its path, removed on close when ``delete``."""

    def __init__(self, file, name, delete=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__["file"], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        self.close()

    def __iter__(self):
        return iter(self.file)

    def __repr__(self):
        return "<tempfile._TemporaryFileWrapper object at 0x7f0000000000>"

    def close(self):
        if not self._closed:
            self._closed = True
            try:
                self.file.close()
            finally:
                if self.delete:
                    try:
                        _os.unlink(self.name)
                    except FileNotFoundError:
                        pass


def NamedTemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None, suffix=None,
                       prefix=None, dir=None, delete=True, *, errors=None):
    """A temporary file with a name in the file system, removed when closed."""
    fd, name = mkstemp(suffix, prefix, dir)
    try:
        file = _io.open(fd, mode, buffering=buffering, newline=newline, encoding=encoding,
                        errors=errors)
    except BaseException:
        _os.unlink(name)
        _os.close(fd)
        raise
    return _TemporaryFileWrapper(file, name, delete)


def TemporaryFile(mode="w+b", buffering=-1, encoding=None, newline=None, suffix=None,
                  prefix=None, dir=None, *, errors=None):
    """A temporary file with no name left in the file system."""
    fd, name = mkstemp(suffix, prefix, dir)
    try:
        _os.unlink(name)
        return _io.open(fd, mode, buffering=buffering, newline=newline, encoding=encoding,
                        errors=errors)
    except BaseException:
        _os.close(fd)
        raise


SpooledTemporaryFile = TemporaryFile


class TemporaryDirectory:
    """A temporary directory, removed with its contents by ``cleanup()`` or at the end of a
    ``with`` block."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._done = False

    def __repr__(self):
        return "<{} {!r}>".format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        self.cleanup()

    def cleanup(self):
        if not self._done:
            self._done = True
            import shutil
            shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)
