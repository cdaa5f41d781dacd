"""Path names as POSIX spells them: ``os.path`` in the playground."""

import _playground_fs as _fs

sep = "/"
curdir = "."
pardir = ".."
extsep = "."
altsep = None
pathsep = ":"
defpath = "/bin:/usr/bin"
devnull = "/dev/null"
supports_unicode_filenames = False

__all__ = [
    "abspath", "basename", "commonpath", "commonprefix", "dirname", "exists", "expanduser",
    "expandvars", "getatime", "getctime", "getmtime", "getsize", "isabs", "isdir", "isfile",
    "islink", "ismount", "join", "lexists", "normcase", "normpath", "realpath", "relpath",
    "samefile", "split", "splitdrive", "splitext", "sep",
]


def _text(p):
    import os
    return os.fspath(p)


def _seps(p):
    """The separator, current dir and parent dir in the type of ``p``."""
    if isinstance(p, bytes):
        return b"/", b".", b".."
    return "/", ".", ".."


def normcase(s):
    return _text(s)


def isabs(s):
    s = _text(s)
    return s.startswith(_seps(s)[0])


def join(a, *p):
    """Joins path parts; an absolute part discards what came before it."""
    a = _text(a)
    slash = _seps(a)[0]
    path = a
    for b in p:
        try:
            b = _text(b)
        except TypeError:
            raise TypeError(
                "join() argument must be str, bytes, or os.PathLike object, not '"
                + type(b).__name__ + "'"
            ) from None
        if type(b) is not type(a):
            raise TypeError("Can't mix strings and bytes in path components")
        if b.startswith(slash):
            path = b
        elif not path or path.endswith(slash):
            path += b
        else:
            path += slash + b
    return path


def split(p):
    """``(head, tail)``: tail is after the last slash."""
    p = _text(p)
    slash = _seps(p)[0]
    i = p.rfind(slash) + 1
    head, tail = p[:i], p[i:]
    if head and head != slash * len(head):
        head = head.rstrip(slash)
    return head, tail


def splitext(p):
    """``(root, ext)``: ext is the last dot and what follows, unless the dot leads the name."""
    p = _text(p)
    slash = _seps(p)[0]
    dot = b"." if isinstance(p, bytes) else "."
    sep_index = p.rfind(slash)
    dot_index = p.rfind(dot)
    if dot_index > sep_index:
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index:filename_index + 1] != dot:
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, p[:0]


def splitdrive(p):
    p = _text(p)
    return p[:0], p


def basename(p):
    p = _text(p)
    return p[p.rfind(_seps(p)[0]) + 1:]


def dirname(p):
    p = _text(p)
    slash = _seps(p)[0]
    head = p[:p.rfind(slash) + 1]
    if head and head != slash * len(head):
        head = head.rstrip(slash)
    return head


def normpath(path):
    """Collapses redundant separators and ``.``/``..`` by name."""
    path = _text(path)
    slash, dot, dotdot = _seps(path)
    if not path:
        return dot
    initial = 1 if path.startswith(slash) else 0
    if initial and path.startswith(slash * 2) and not path.startswith(slash * 3):
        initial = 2
    parts = []
    for comp in path.split(slash):
        if comp in (path[:0], dot):
            continue
        if comp != dotdot or (not initial and not parts) or (parts and parts[-1] == dotdot):
            parts.append(comp)
        elif parts:
            parts.pop()
    path = slash * initial + slash.join(parts)
    return path or dot


def abspath(path):
    path = _text(path)
    if not isabs(path):
        cwd = _fs.getcwd()
        if isinstance(path, bytes):
            cwd = cwd.encode()
        path = join(cwd, path)
    return normpath(path)


def realpath(filename, *, strict=False):
    path = abspath(filename)
    if strict:
        _fs.stat(path)
    return path


def relpath(path, start=None):
    """``path`` relative to ``start`` (the working directory by default)."""
    if not path:
        raise ValueError("no path specified")
    path = _text(path)
    slash, dot, dotdot = _seps(path)
    start = dot if start is None else _text(start)
    start_list = [x for x in abspath(start).split(slash) if x]
    path_list = [x for x in abspath(path).split(slash) if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [dotdot] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return dot
    return join(*rel_list)


def commonprefix(m):
    """The longest common leading part of the items (character by character)."""
    if not m:
        return ""
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(_text, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def commonpath(paths):
    """The longest common sub-path of the paths."""
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    paths = tuple(map(_text, paths))
    slash, dot, _ = _seps(paths[0])
    split_paths = [p.split(slash) for p in paths]
    try:
        (isabs_,) = set(p[:1] == slash for p in paths)
    except ValueError:
        raise ValueError("Can't mix absolute and relative paths") from None
    split_paths = [[c for c in s if c and c != dot] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = slash if isabs_ else slash[:0]
    return prefix + slash.join(common)


def expanduser(path):
    path = _text(path)
    tilde = b"~" if isinstance(path, bytes) else "~"
    if not path.startswith(tilde):
        return path
    slash = _seps(path)[0]
    i = path.find(slash, 1)
    if i < 0:
        i = len(path)
    if i != 1:
        return path
    home = "/root"
    if isinstance(path, bytes):
        home = home.encode()
    return (home.rstrip(slash) + path[i:]) or slash


def expandvars(path):
    import os
    path = _text(path)
    if isinstance(path, bytes) or "$" not in path:
        return path
    out = []
    i = 0
    while i < len(path):
        c = path[i]
        if c != "$":
            out.append(c)
            i += 1
            continue
        if path[i + 1:i + 2] == "{":
            end = path.find("}", i + 2)
            if end < 0:
                out.append(path[i:])
                break
            name = path[i + 2:end]
            after = end + 1
        else:
            j = i + 1
            while j < len(path) and (path[j].isalnum() or path[j] == "_"):
                j += 1
            name = path[i + 1:j]
            after = j
        if name and name in os.environ:
            out.append(os.environ[name])
        else:
            out.append(path[i:after])
        i = after
    return "".join(out)


def exists(path):
    try:
        _fs.stat(path)
    except (OSError, ValueError):
        return False
    return True


lexists = exists


def isdir(s):
    try:
        return _fs.stat(s)[0] & 0o170000 == 0o040000
    except (OSError, ValueError):
        return False


def isfile(path):
    try:
        return _fs.stat(path)[0] & 0o170000 == 0o100000
    except (OSError, ValueError):
        return False


def islink(path):
    return False


def ismount(path):
    return abspath(path) == "/"


def getsize(filename):
    return _fs.stat(filename)[6]


def getmtime(filename):
    return _fs.stat(filename)[8]


def getatime(filename):
    return _fs.stat(filename)[7]


def getctime(filename):
    return _fs.stat(filename)[9]


def samefile(f1, f2):
    return _fs.stat(f1)[1] == _fs.stat(f2)[1]
