"""Paths matching shell-style patterns, on the virtual file system."""

import fnmatch
import os

__all__ = ["glob", "iglob", "escape", "has_magic"]


def has_magic(s):
    return any(c in s for c in "*?[")


def escape(pathname):
    """``pathname`` with its wildcard characters made literal."""
    drive, path = os.path.splitdrive(pathname)
    out = []
    for c in path:
        out.append("[" + c + "]" if c in "*?[" else c)
    return drive + "".join(out)


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """The paths matching ``pathname`` (``**`` spans directories when ``recursive``)."""
    return list(iglob(pathname, root_dir=root_dir, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    pathname = os.fspath(pathname)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    return iter(_glob(pathname, root_dir, recursive, include_hidden))


def _exists(path, root_dir):
    return os.path.lexists(os.path.join(root_dir, path) if root_dir else path)


def _isdir(path, root_dir):
    return os.path.isdir(os.path.join(root_dir, path) if root_dir else path)


def _list(dirname, root_dir):
    path = dirname or os.curdir
    if root_dir:
        path = os.path.join(root_dir, path)
    try:
        return os.listdir(path)
    except OSError:
        return []


def _glob(pathname, root_dir, recursive, hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _exists(pathname, root_dir):
                return [pathname]
        elif _isdir(dirname, root_dir):
            return [pathname]
        return []
    if not dirname:
        if recursive and basename == "**":
            return [n for n in _rlist("", root_dir, hidden, dirs_only=False) if n]
        return _match(_list("", root_dir), basename, hidden)
    if dirname != pathname and has_magic(dirname):
        dirs = _glob(dirname, root_dir, recursive, hidden)
    else:
        dirs = [dirname]
    results = []
    for d in dirs:
        if not _isdir(d, root_dir):
            continue
        if not has_magic(basename):
            if basename:
                if _exists(os.path.join(d, basename), root_dir):
                    results.append(os.path.join(d, basename))
            else:
                results.append(os.path.join(d, basename))
            continue
        if recursive and basename == "**":
            names = _rlist(d, root_dir, hidden, dirs_only=False)
            results.append(os.path.join(d, ""))
            results.extend(os.path.join(d, n) for n in names if n)
            continue
        results.extend(os.path.join(d, n) for n in _match(_list(d, root_dir), basename, hidden))
    return results


def _match(names, pattern, hidden):
    if not hidden and not pattern.startswith("."):
        names = [n for n in names if not n.startswith(".")]
    return fnmatch.filter(names, pattern)


def _rlist(dirname, root_dir, hidden, dirs_only):
    """Every path below ``dirname`` (relative to it), directories before their contents."""
    out = [""] if not dirname else []
    for name in _list(dirname, root_dir):
        if not hidden and name.startswith("."):
            continue
        path = os.path.join(dirname, name) if dirname else name
        is_dir = _isdir(path, root_dir)
        if not dirs_only or is_dir:
            out.append(name)
        if is_dir:
            out.extend(os.path.join(name, sub) for sub in _rlist(path, root_dir, hidden, dirs_only) if sub)
    return out
