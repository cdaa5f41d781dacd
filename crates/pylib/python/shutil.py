"""Copying and removing files and trees, on the virtual file system."""

import fnmatch
import os

__all__ = [
    "copyfileobj", "copyfile", "copymode", "copystat", "copy", "copy2", "copytree", "move",
    "rmtree", "Error", "SameFileError", "ignore_patterns", "which", "disk_usage",
]

COPY_BUFSIZE = 64 * 1024


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


def copyfileobj(fsrc, fdst, length=0):
    """Copies the rest of file object ``fsrc`` to ``fdst``."""
    if not length:
        length = COPY_BUFSIZE
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def copyfile(src, dst, *, follow_symlinks=True):
    """Copies the contents of file ``src`` to ``dst``; returns ``dst``."""
    if _samefile(src, dst):
        raise SameFileError("{!r} and {!r} are the same file".format(src, dst))
    with open(src, "rb") as fsrc:
        try:
            with open(dst, "wb") as fdst:
                copyfileobj(fsrc, fdst)
        except IsADirectoryError as e:
            if not os.path.exists(dst):
                raise FileNotFoundError(f"Directory does not exist: {dst}") from e
            raise
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    os.stat(src)
    os.stat(dst)


def copystat(src, dst, *, follow_symlinks=True):
    st = os.stat(src)
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))


def copy(src, dst, *, follow_symlinks=True):
    """Copies file ``src`` to ``dst`` (a file or a directory to copy into)."""
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst)
    copymode(src, dst)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    """``copy`` that keeps the modification time too."""
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst)
    copystat(src, dst)
    return dst


def ignore_patterns(*patterns):
    """An ``ignore`` function for ``copytree`` leaving out names matching the patterns."""
    def _ignore_patterns(path, names):
        ignored = []
        for pattern in patterns:
            ignored.extend(fnmatch.filter(names, pattern))
        return set(ignored)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    """Copies the directory tree ``src`` to ``dst``; returns ``dst``."""
    names = os.listdir(src)
    ignored = ignore(os.fspath(src), names) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for name in names:
        if name in ignored:
            continue
        srcname = os.path.join(src, name)
        dstname = os.path.join(dst, name)
        try:
            if os.path.isdir(srcname):
                copytree(srcname, dstname, symlinks, ignore, copy_function,
                         dirs_exist_ok=dirs_exist_ok)
            else:
                copy_function(srcname, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def rmtree(path, ignore_errors=False, onerror=None):
    """Removes a directory and everything in it."""
    if ignore_errors:
        def onerror(*args):
            pass
    elif onerror is None:
        def onerror(*args):
            raise args[2][1]
    try:
        if not os.path.isdir(path):
            if os.path.exists(path):
                raise NotADirectoryError(20, "Not a directory", path)
            os.stat(path)
    except OSError as err:
        onerror(os.stat if not isinstance(err, NotADirectoryError) else os.rmdir, path,
                (type(err), err, None))
        return
    try:
        names = os.listdir(path)
    except OSError as err:
        onerror(os.listdir, path, (type(err), err, None))
        names = []
    for name in names:
        fullname = os.path.join(path, name)
        if os.path.isdir(fullname):
            rmtree(fullname, ignore_errors, onerror)
        else:
            try:
                os.unlink(fullname)
            except OSError as err:
                onerror(os.unlink, fullname, (type(err), err, None))
    try:
        os.rmdir(path)
    except OSError as err:
        onerror(os.rmdir, path, (type(err), err, None))


def _destinsrc(src, dst):
    src = os.path.abspath(src)
    dst = os.path.abspath(dst)
    if not src.endswith(os.path.sep):
        src += os.path.sep
    if not dst.endswith(os.path.sep):
        dst += os.path.sep
    return dst.startswith(src)


def move(src, dst, copy_function=copy2):
    """Moves a file or tree to ``dst`` (into it when it is a directory); returns the new
    path."""
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, os.path.basename(os.fspath(src).rstrip("/")))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.isdir(src):
            if _destinsrc(src, dst):
                raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    """No programs can be run in the playground: ``None``."""
    return None


class _usage:
    def __init__(self, total, used, free):
        self.total, self.used, self.free = total, used, free

    def __iter__(self):
        return iter((self.total, self.used, self.free))

    def __repr__(self):
        return "usage(total={}, used={}, free={})".format(self.total, self.used, self.free)


def disk_usage(path):
    os.stat(path)
    total = 256 * 1024 * 1024
    return _usage(total, 0, total)
