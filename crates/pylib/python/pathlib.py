"""Object-oriented paths, on the playground's virtual file system."""

import io
import os
import posixpath

__all__ = ["PurePath", "PurePosixPath", "Path", "PosixPath"]


class PurePath(os.PathLike):
    """A path's text and parts, with no file system access."""

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    @classmethod
    def _from_parts(cls, args):
        self = object.__new__(cls)
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                parts.append(a._str)
                continue
            a = os.fspath(a)
            if isinstance(a, bytes):
                raise TypeError(
                    "argument should be a str object or an os.PathLike object returning str, "
                    "not " + repr(type(a)))
            if not isinstance(a, str):
                raise TypeError(
                    "argument should be a str object or an os.PathLike object returning str, "
                    "not " + repr(type(a)))
            parts.append(a)
        self._str = cls._normalize(posixpath.join(*parts) if parts else "")
        return self

    @staticmethod
    def _normalize(text):
        """Collapses ``//`` and ``.`` parts (not ``..``) and the trailing slash."""
        if not text:
            return "."
        root = ""
        if text.startswith("/"):
            root = "//" if text.startswith("//") and not text.startswith("///") else "/"
        parts = [p for p in text.split("/") if p and p != "."]
        return (root + "/".join(parts)) or "."

    def _with_text(self, text):
        return type(self)._from_parts((text,))

    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def as_posix(self):
        return self._str

    def __bytes__(self):
        return os.fsencode(self._str)

    def __repr__(self):
        return "{}({!r})".format(type(self).__name__, self.as_posix())

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        return "file://" + self._str

    def __hash__(self):
        return hash(self._str)

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._str == other._str

    def _key(self, other):
        if not isinstance(other, PurePath) or type(self)._flavour != type(other)._flavour:
            return NotImplemented
        return self.parts, other.parts

    def __lt__(self, other):
        key = self._key(other)
        return key if key is NotImplemented else key[0] < key[1]

    def __le__(self, other):
        key = self._key(other)
        return key if key is NotImplemented else key[0] <= key[1]

    def __gt__(self, other):
        key = self._key(other)
        return key if key is NotImplemented else key[0] > key[1]

    def __ge__(self, other):
        key = self._key(other)
        return key if key is NotImplemented else key[0] >= key[1]

    _flavour = "posix"

    def __truediv__(self, key):
        try:
            return type(self)._from_parts((self._str, key))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)._from_parts((key, self._str))
        except TypeError:
            return NotImplemented

    def __reduce__(self):
        return (type(self), tuple(self.parts))

    @property
    def drive(self):
        return ""

    @property
    def root(self):
        if self._str.startswith("//"):
            return "//"
        return "/" if self._str.startswith("/") else ""

    @property
    def anchor(self):
        return self.root

    @property
    def parts(self):
        root = self.root
        rest = [p for p in self._str[len(root):].split("/") if p and p != "."]
        return tuple(([root] if root else []) + rest)

    @property
    def name(self):
        parts = self.parts
        if len(parts) == (1 if self.root else 0):
            return ""
        return parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        parts = self.parts
        root = self.root
        if len(parts) <= (1 if root else 0) or (not root and len(parts) == 0):
            return self
        if len(parts) == 1:
            return self._with_text(".")
        rest = parts[1:-1] if root else parts[:-1]
        return self._with_text(root + "/".join(rest) if rest or root else ".")

    @property
    def parents(self):
        result = []
        path = self
        while True:
            parent = path.parent
            if parent == path:
                break
            result.append(parent)
            path = parent
        return tuple(result)

    def is_absolute(self):
        return bool(self.root)

    def is_reserved(self):
        return False

    def joinpath(self, *args):
        return type(self)._from_parts((self._str,) + args)

    def with_name(self, name):
        if not self.name:
            raise ValueError("{!r} has an empty name".format(self))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name {!r}".format(name))
        return self._with_text(posixpath.join(posixpath.dirname(self._str), name))

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if "/" in suffix or (suffix and not suffix.startswith(".")) or suffix == ".":
            raise ValueError("Invalid suffix {!r}".format(suffix))
        name = self.name
        if not name:
            raise ValueError("{!r} has an empty name".format(self))
        old = self.suffix
        name = (name[:-len(old)] if old else name) + suffix
        return self._with_text(posixpath.join(posixpath.dirname(self._str), name))

    def relative_to(self, *other):
        if not other:
            raise TypeError("need at least one argument")
        base = type(self)._from_parts(other)
        parts = self.parts
        base_parts = base.parts
        if parts[:len(base_parts)] != base_parts or (not base_parts and self.root):
            raise ValueError("{!r} is not in the subpath of {!r} OR one path is relative "
                             "and the other is absolute.".format(self._str, base._str))
        rest = parts[len(base_parts):]
        return self._with_text("/".join(rest) if rest else ".")

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def match(self, path_pattern):
        import fnmatch
        pattern = type(self)._from_parts((path_pattern,))
        pat_parts = pattern.parts
        if not pat_parts:
            raise ValueError("empty pattern")
        parts = self.parts
        if pattern.root:
            if len(parts) != len(pat_parts):
                return False
        elif len(pat_parts) > len(parts):
            return False
        for part, pat in zip(reversed(parts), reversed(pat_parts)):
            if not fnmatch.fnmatchcase(part, pat):
                return False
        return True


class PurePosixPath(PurePath):
    pass


class Path(PurePath):
    """A path of the virtual file system, with the operations that reach it."""

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls("/root")

    def absolute(self):
        if self.is_absolute():
            return self
        return self._with_text(posixpath.join(os.getcwd(), self._str))

    def resolve(self, strict=False):
        return self._with_text(posixpath.realpath(self._str, strict=strict))

    def expanduser(self):
        return self._with_text(posixpath.expanduser(self._str))

    def stat(self, *, follow_symlinks=True):
        return os.stat(self)

    def lstat(self):
        return os.stat(self)

    def exists(self):
        try:
            self.stat()
        except (OSError, ValueError):
            return False
        return True

    def is_dir(self):
        return posixpath.isdir(self._str)

    def is_file(self):
        return posixpath.isfile(self._str)

    def is_symlink(self):
        return False

    def is_mount(self):
        return self._str == "/"

    def samefile(self, other_path):
        return os.path.samefile(self, other_path)

    def iterdir(self):
        for name in os.listdir(self):
            yield self / name

    def _walk_dirs(self):
        yield self
        for child in self.iterdir():
            if child.is_dir():
                yield from child._walk_dirs()

    def glob(self, pattern):
        """The paths below this directory that match ``pattern`` (``**`` spans directories)."""
        if not pattern:
            raise ValueError("Unacceptable pattern: {!r}".format(pattern))
        if pattern.startswith("/"):
            raise NotImplementedError("Non-relative patterns are unsupported")
        import fnmatch
        parts = [p for p in pattern.split("/") if p and p != "."]
        return self._select(parts, fnmatch)

    def rglob(self, pattern):
        return self.glob("**/" + pattern)

    def _select(self, parts, fnmatch):
        if not parts:
            yield self
            return
        head, rest = parts[0], parts[1:]
        if head == "**":
            seen = set()
            for directory in self._walk_dirs():
                for found in directory._select(rest, fnmatch):
                    if found._str not in seen:
                        seen.add(found._str)
                        yield found
            return
        if not self.is_dir():
            return
        if "*" not in head and "?" not in head and "[" not in head:
            child = self / head
            if child.exists() and (not rest or child.is_dir()):
                yield from child._select(rest, fnmatch)
            return
        for name in os.listdir(self):
            if fnmatch.fnmatchcase(name, head) and not (name.startswith(".") and not head.startswith(".")):
                child = self / name
                if rest and not child.is_dir():
                    continue
                yield from child._select(rest, fnmatch)

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return io.open(self, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        with self.open(mode="rb") as f:
            return f.read()

    def read_text(self, encoding=None, errors=None):
        with self.open(mode="r", encoding=encoding, errors=errors) as f:
            return f.read()

    def write_bytes(self, data):
        view = bytes(data)
        with self.open(mode="wb") as f:
            return f.write(view)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % data.__class__.__name__)
        with self.open(mode="w", encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def touch(self, mode=0o666, exist_ok=True):
        if exist_ok and self.exists():
            os.utime(self)
            return
        flags = os.O_CREAT | os.O_WRONLY
        if not exist_ok:
            flags |= os.O_EXCL
        os.close(os.open(self, flags))

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(self, mode)

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self)

    def rename(self, target):
        os.rename(self, target)
        return type(self)(target)

    def replace(self, target):
        os.replace(self, target)
        return type(self)(target)

    def owner(self):
        self.stat()
        return "root"

    def group(self):
        self.stat()
        return "root"


class PosixPath(Path, PurePosixPath):
    pass
