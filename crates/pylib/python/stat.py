"""Interpreting ``os.stat()`` results: file types and permission bits in ``st_mode``."""

ST_MODE = 0
ST_INO = 1
ST_DEV = 2
ST_NLINK = 3
ST_UID = 4
ST_GID = 5
ST_SIZE = 6
ST_ATIME = 7
ST_MTIME = 8
ST_CTIME = 9

S_IFMT_MASK = 0o170000
S_IFDIR = 0o040000
S_IFCHR = 0o020000
S_IFBLK = 0o060000
S_IFREG = 0o100000
S_IFIFO = 0o010000
S_IFLNK = 0o120000
S_IFSOCK = 0o140000

S_ISUID = 0o4000
S_ISGID = 0o2000
S_ISVTX = 0o1000
S_IRWXU = 0o0700
S_IRUSR = 0o0400
S_IWUSR = 0o0200
S_IXUSR = 0o0100
S_IRWXG = 0o0070
S_IRGRP = 0o0040
S_IWGRP = 0o0020
S_IXGRP = 0o0010
S_IRWXO = 0o0007
S_IROTH = 0o0004
S_IWOTH = 0o0002
S_IXOTH = 0o0001
S_IREAD = S_IRUSR
S_IWRITE = S_IWUSR
S_IEXEC = S_IXUSR


def S_IMODE(mode):
    return mode & 0o7777


def S_IFMT(mode):
    return mode & S_IFMT_MASK


def S_ISDIR(mode):
    return S_IFMT(mode) == S_IFDIR


def S_ISREG(mode):
    return S_IFMT(mode) == S_IFREG


def S_ISLNK(mode):
    return S_IFMT(mode) == S_IFLNK


def S_ISCHR(mode):
    return S_IFMT(mode) == S_IFCHR


def S_ISBLK(mode):
    return S_IFMT(mode) == S_IFBLK


def S_ISFIFO(mode):
    return S_IFMT(mode) == S_IFIFO


def S_ISSOCK(mode):
    return S_IFMT(mode) == S_IFSOCK


_TYPES = ((S_IFLNK, "l"), (S_IFSOCK, "s"), (S_IFREG, "-"), (S_IFBLK, "b"), (S_IFDIR, "d"),
          (S_IFCHR, "c"), (S_IFIFO, "p"))
_PERMS = ((S_IRUSR, "r"), (S_IWUSR, "w"), (S_IXUSR, "x"), (S_IRGRP, "r"), (S_IWGRP, "w"),
          (S_IXGRP, "x"), (S_IROTH, "r"), (S_IWOTH, "w"), (S_IXOTH, "x"))


def filemode(mode):
    """``-rw-r--r--`` for a mode."""
    out = ["-"]
    for bit, char in _TYPES:
        if S_IFMT(mode) == bit:
            out[0] = char
            break
    for bit, char in _PERMS:
        out.append(char if mode & bit else "-")
    return "".join(out)
