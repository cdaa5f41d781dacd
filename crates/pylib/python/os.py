"""Operating-system interfaces, over the playground's virtual file system.

Files live in memory for the run: the working directory is ``/content`` (as on Colab), and
``/tmp`` and the home directory ``/root`` can be written too. The host's own files are never
visible. ``environ`` is the emulated machine's environment.
"""

import _playground_fs as _fs
import posixpath as path
import sys

name = "posix"
sep = "/"
altsep = None
extsep = "."
pathsep = ":"
linesep = "\n"
curdir = "."
pardir = ".."
defpath = "/bin:/usr/bin"
devnull = "/dev/null"

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
F_OK = 0
X_OK = 1
W_OK = 2
R_OK = 4
O_RDONLY = _fs.O_RDONLY
O_WRONLY = _fs.O_WRONLY
O_RDWR = _fs.O_RDWR
O_CREAT = _fs.O_CREAT
O_EXCL = _fs.O_EXCL
O_TRUNC = _fs.O_TRUNC
O_APPEND = _fs.O_APPEND
O_CLOEXEC = 0o2000000

error = OSError

class PathLike:
    """The base of path objects (``pathlib.PurePath`` derives from it)."""

    def __fspath__(self):
        raise NotImplementedError


def fspath(path):
    """The str or bytes of a path-like object."""
    if isinstance(path, (str, bytes)):
        return path
    method = getattr(type(path), "__fspath__", None)
    if method is None:
        raise TypeError(
            "expected str, bytes or os.PathLike object, not " + type(path).__name__
        )
    result = method(path)
    if isinstance(result, (str, bytes)):
        return result
    raise TypeError(
        "expected {}.__fspath__() to return str or bytes, not {}".format(
            type(path).__name__, type(result).__name__
        )
    )


def fsencode(filename):
    filename = fspath(filename)
    return filename.encode("utf-8") if isinstance(filename, str) else filename


def fsdecode(filename):
    filename = fspath(filename)
    return filename.decode("utf-8") if isinstance(filename, bytes) else filename


class _Environ:
    """``os.environ``: a mapping of str to str (not a dict, as in CPython)."""

    def __init__(self, items):
        self._data = dict(items)

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError("str expected, not " + type(key).__name__)
        if not isinstance(value, str):
            raise TypeError("str expected, not " + type(value).__name__)
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        return isinstance(other, _Environ) and self._data == other._data

    def __repr__(self):
        return "environ(" + repr(self._data) + ")"

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def pop(self, key, *default):
        return self._data.pop(key, *default)

    def setdefault(self, key, value):
        if key not in self._data:
            self[key] = value
        return self._data[key]

    def update(self, other=(), **kwargs):
        for key, value in dict(other, **kwargs).items():
            self[key] = value

    def clear(self):
        self._data.clear()

    def copy(self):
        return dict(self._data)


environ = _Environ(_fs.environ)


def getenv(key, default=None):
    """The environment variable ``key``, or ``default``."""
    if not isinstance(key, str):
        raise TypeError("str expected, not " + type(key).__name__)
    return environ.get(key, default)


def putenv(key, value):
    environ[key] = value


def unsetenv(key):
    environ.pop(key, None)


class stat_result:
    """What ``stat`` returns: its fields by name, and the first ten by index."""

    n_sequence_fields = 10

    def __init__(self, values):
        (mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime, mtime_ns) = values
        self.st_mode = mode
        self.st_ino = ino
        self.st_dev = dev
        self.st_nlink = nlink
        self.st_uid = uid
        self.st_gid = gid
        self.st_size = size
        self.st_atime = atime
        self.st_mtime = mtime
        self.st_ctime = ctime
        self.st_atime_ns = mtime_ns
        self.st_mtime_ns = mtime_ns
        self.st_ctime_ns = mtime_ns
        self.st_blksize = 4096
        self.st_blocks = (size + 511) // 512

    def _fields(self):
        return (
            self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
            self.st_size, int(self.st_atime), int(self.st_mtime), int(self.st_ctime),
        )

    def __getitem__(self, index):
        return self._fields()[index]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._fields())

    def __eq__(self, other):
        return isinstance(other, stat_result) and self._fields() == other._fields()

    def __repr__(self):
        names = ("st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size",
                 "st_atime", "st_mtime", "st_ctime")
        return "os.stat_result(" + ", ".join(
            "{}={}".format(n, v) for n, v in zip(names, self._fields())) + ")"


def stat(path, *, dir_fd=None, follow_symlinks=True):
    """The status of a file or directory."""
    if isinstance(path, int):
        return stat_result(_fs.fstat(path))
    return stat_result(_fs.stat(path))


def lstat(path, *, dir_fd=None):
    return stat(path)


def fstat(fd):
    return stat_result(_fs.fstat(fd))


def open(path, flags, mode=0o777, *, dir_fd=None):
    """A file descriptor for ``path`` (``O_*`` flags)."""
    return _fs.open(path, flags)


read = _fs.read
close = _fs.close
lseek = _fs.lseek
ftruncate = _fs.ftruncate
getcwd = _fs.getcwd
chdir = _fs.chdir
strerror = _fs.strerror


def write(fd, data):
    return _fs.write(fd, bytes(data))


def getcwdb():
    return _fs.getcwd().encode()


def listdir(path="."):
    """The names in a directory (bytes names for a bytes path)."""
    names = _fs.listdir(path)
    if isinstance(path, bytes):
        return [n.encode() for n in names]
    return names


def mkdir(path, mode=0o777, *, dir_fd=None):
    _fs.mkdir(path)


def makedirs(name, mode=0o777, exist_ok=False):
    """Makes a directory and the parents it needs."""
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        if tail == curdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def rmdir(path, *, dir_fd=None):
    _fs.rmdir(path)


def remove(path, *, dir_fd=None):
    _fs.unlink(path)


unlink = remove


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _fs.rename(src, dst)


replace = rename


def renames(old, new):
    head, tail = path.split(new)
    if head and tail and not path.exists(head):
        makedirs(head)
    rename(old, new)
    head, tail = path.split(old)
    if head and tail:
        try:
            removedirs(head)
        except OSError:
            pass


def access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
    try:
        _fs.stat(path)
    except OSError:
        return False
    return True


def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
    _fs.stat(path)


def utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True):
    if ns is not None:
        mtime = ns[1] / 1e9
    elif times is not None:
        mtime = times[1]
    else:
        import time
        mtime = time.time()
    _fs.utime(path, mtime)


def getpid():
    return 1


def getppid():
    return 0


def cpu_count():
    return 2


def get_terminal_size(fd=1):
    raise OSError(25, "Inappropriate ioctl for device")


class DirEntry:
    """One entry ``scandir`` yields."""

    def __init__(self, directory, name):
        self.name = name
        self.path = path.join(directory, name)

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return "<DirEntry {!r}>".format(self.name)

    def stat(self, *, follow_symlinks=True):
        return stat(self.path)

    def inode(self):
        return self.stat().st_ino

    def is_dir(self, *, follow_symlinks=True):
        return path.isdir(self.path)

    def is_file(self, *, follow_symlinks=True):
        return path.isfile(self.path)

    def is_symlink(self):
        return False


class _ScandirIterator:
    def __init__(self, directory):
        self._directory = directory
        self._entries = iter([DirEntry(directory, n) for n in listdir(directory)])

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._entries)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self._entries = iter(())


def scandir(path="."):
    """The entries of a directory, as ``DirEntry`` objects."""
    return _ScandirIterator(fspath(path))


def walk(top, topdown=True, onerror=None, followlinks=False):
    """Yields ``(dirpath, dirnames, filenames)`` for each directory in a tree."""
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as err:
        if onerror is not None:
            onerror(err)
        return
    dirs = []
    nondirs = []
    for name in names:
        if path.isdir(path.join(top, name)):
            dirs.append(name)
        else:
            nondirs.append(name)
    if topdown:
        yield top, dirs, nondirs
        for name in dirs:
            yield from walk(path.join(top, name), topdown, onerror, followlinks)
    else:
        for name in dirs:
            yield from walk(path.join(top, name), topdown, onerror, followlinks)
        yield top, dirs, nondirs


def urandom(size):
    import random
    return bytes(random.getrandbits(8) for _ in range(size))


def system(command):
    raise OSError(1, "running shell commands is not possible in the playground")
