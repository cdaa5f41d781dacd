# playground: a C module in CPython
"""Streams: files on the playground's virtual file system, and in-memory text and bytes.

``open()`` builds the same layers as CPython: a raw ``FileIO`` over a file descriptor, a
buffered reader or writer over it, and a ``TextIOWrapper`` that decodes (UTF-8) and
translates newlines.
"""

import _playground_fs as _fs

__all__ = [
    "open", "IOBase", "RawIOBase", "BufferedIOBase", "TextIOBase", "FileIO", "BytesIO",
    "StringIO", "BufferedReader", "BufferedWriter", "BufferedRandom", "TextIOWrapper",
    "UnsupportedOperation", "SEEK_SET", "SEEK_CUR", "SEEK_END", "DEFAULT_BUFFER_SIZE",
    "text_encoding",
]

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192


class UnsupportedOperation(OSError, ValueError):
    pass


UnsupportedOperation.__module__ = "io"


def text_encoding(encoding, stacklevel=2):
    return "locale" if encoding is None else encoding


_ENCODINGS = {
    "utf-8": "utf-8", "utf8": "utf-8", "u8": "utf-8", "utf": "utf-8", "locale": "utf-8",
    "ascii": "ascii", "us-ascii": "ascii", "latin-1": "latin-1", "latin1": "latin-1",
    "iso-8859-1": "latin-1", "iso8859-1": "latin-1",
}


def _codec(encoding):
    name = _ENCODINGS.get(encoding.lower().replace("_", "-"))
    if name is None:
        raise LookupError("unknown encoding: " + encoding)
    return name


class IOBase:
    """The base of every stream: closing, context management, line iteration."""

    __module__ = "_io"
    _closed = False

    def _unsupported(self, name):
        raise UnsupportedOperation(name)

    @property
    def closed(self):
        return self._closed

    def close(self):
        if not self._closed:
            try:
                self.flush()
            finally:
                self._closed = True

    def _check_closed(self, msg=None):
        if self.closed:
            raise ValueError("I/O operation on closed file." if msg is None else msg)

    def __enter__(self):
        self._check_closed()
        return self

    def __exit__(self, *args):
        self.close()

    def __iter__(self):
        self._check_closed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def flush(self):
        self._check_closed()

    def readable(self):
        return False

    def writable(self):
        return False

    def seekable(self):
        return False

    def isatty(self):
        self._check_closed()
        return False

    def fileno(self):
        self._unsupported("fileno")

    def seek(self, pos, whence=0):
        self._unsupported("seek")

    def tell(self):
        return self.seek(0, 1)

    def truncate(self, pos=None):
        self._unsupported("truncate")

    def readline(self, size=-1):
        self._unsupported("readline")

    def readlines(self, hint=None):
        if hint is None or hint <= 0:
            return list(self)
        lines = []
        n = 0
        for line in self:
            lines.append(line)
            n += len(line)
            if n >= hint:
                break
        return lines

    def writelines(self, lines):
        self._check_closed()
        for line in lines:
            self.write(line)


class RawIOBase(IOBase):
    pass


class BufferedIOBase(IOBase):
    pass


class TextIOBase(IOBase):
    pass


def _check_mode(mode):
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not " + type(mode).__name__)
    modes = set(mode)
    if modes - set("axrwb+t") or len(mode) > len(modes):
        raise ValueError("invalid mode: '{}'".format(mode))


class FileIO(RawIOBase):
    """Bytes read and written straight through a file descriptor."""

    def __init__(self, file, mode="r", closefd=True, opener=None):
        _check_mode(mode)
        self._fd = -1
        creating = "x" in mode
        reading = "r" in mode
        writing = "w" in mode
        appending = "a" in mode
        updating = "+" in mode
        if creating + reading + writing + appending != 1:
            raise ValueError("Must have exactly one of create/read/write/append mode and at most one plus")
        if reading:
            flags = _fs.O_RDWR if updating else _fs.O_RDONLY
            self.mode = "rb+" if updating else "rb"
        else:
            flags = _fs.O_RDWR if updating else _fs.O_WRONLY
            flags |= _fs.O_CREAT
            if writing:
                flags |= _fs.O_TRUNC
                self.mode = "rb+" if updating else "wb"
            elif appending:
                flags |= _fs.O_APPEND
                self.mode = "ab+" if updating else "ab"
            else:
                flags |= _fs.O_EXCL
                self.mode = "xb+" if updating else "xb"
        self._readable = reading or updating
        self._writable = not reading or updating
        if isinstance(file, int):
            if file < 0:
                raise ValueError("negative file descriptor")
            self._fd = file
        elif opener is not None:
            self._fd = opener(file, flags)
        else:
            self._fd = _fs.open(file, flags)
        self.name = file
        self.closefd = closefd
        if appending:
            _fs.lseek(self._fd, 0, 2)

    def __repr__(self):
        if self.closed:
            return "<_io.FileIO [closed]>"
        return "<_io.FileIO name={!r} mode={!r} closefd={}>".format(
            self.name, self.mode, self.closefd)

    def close(self):
        if not self._closed:
            try:
                super().close()
            finally:
                if self.closefd and self._fd >= 0:
                    _fs.close(self._fd)

    def fileno(self):
        self._check_closed()
        return self._fd

    def readable(self):
        self._check_closed()
        return self._readable

    def writable(self):
        self._check_closed()
        return self._writable

    def seekable(self):
        self._check_closed()
        return True

    def read(self, size=-1):
        self._check_closed()
        if not self._readable:
            raise UnsupportedOperation("File not open for reading")
        return _fs.read(self._fd, None if size is None or size < 0 else size)

    readall = read

    def readinto(self, buffer):
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def readline(self, size=-1):
        self._check_closed()
        start = _fs.lseek(self._fd, 0, 1)
        rest = _fs.read(self._fd, None)
        end = rest.find(b"\n") + 1 or len(rest)
        if size is not None and 0 <= size < end:
            end = size
        _fs.lseek(self._fd, start + end, 0)
        return rest[:end]

    def write(self, b):
        self._check_closed()
        if not self._writable:
            raise UnsupportedOperation("File not open for writing")
        return _fs.write(self._fd, bytes(b))

    def seek(self, pos, whence=0):
        self._check_closed()
        if isinstance(pos, float):
            raise TypeError("an integer is required")
        return _fs.lseek(self._fd, pos, whence)

    def tell(self):
        self._check_closed()
        return _fs.lseek(self._fd, 0, 1)

    def truncate(self, size=None):
        self._check_closed()
        if not self._writable:
            raise UnsupportedOperation("File not open for writing")
        if size is None:
            size = self.tell()
        _fs.ftruncate(self._fd, size)
        return size


class _Buffered(BufferedIOBase):
    """A buffered layer over a raw stream. The raw stream here is memory already, so the
    layer passes reads and writes through and keeps CPython's names and checks."""

    _kind = "BufferedReader"

    def __init__(self, raw, buffer_size=DEFAULT_BUFFER_SIZE):
        self.raw = raw

    def __repr__(self):
        return "<_io.{} name={!r}>".format(self._kind, self.raw.name)

    @property
    def name(self):
        return self.raw.name

    @property
    def mode(self):
        return self.raw.mode

    @property
    def closed(self):
        return self.raw.closed

    def close(self):
        self.raw.close()

    def detach(self):
        raw = self.raw
        self.raw = None
        return raw

    def fileno(self):
        return self.raw.fileno()

    def readable(self):
        return self.raw.readable()

    def writable(self):
        return self.raw.writable()

    def seekable(self):
        return self.raw.seekable()

    def flush(self):
        self._check_closed("flush of closed file")

    def read(self, size=-1):
        if not self.raw.readable():
            raise UnsupportedOperation("read")
        return self.raw.read(size)

    def read1(self, size=-1):
        return self.read(size)

    def peek(self, size=0):
        pos = self.raw.tell()
        data = self.raw.read()
        self.raw.seek(pos)
        return data

    def readinto(self, buffer):
        return self.raw.readinto(buffer)

    def readline(self, size=-1):
        if not self.raw.readable():
            raise UnsupportedOperation("readline")
        return self.raw.readline(size)

    def write(self, b):
        if not self.raw.writable():
            raise UnsupportedOperation("write")
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        return self.raw.write(b)

    def seek(self, pos, whence=0):
        return self.raw.seek(pos, whence)

    def tell(self):
        return self.raw.tell()

    def truncate(self, pos=None):
        return self.raw.truncate(pos)


class BufferedReader(_Buffered):
    _kind = "BufferedReader"


class BufferedWriter(_Buffered):
    _kind = "BufferedWriter"


class BufferedRandom(_Buffered):
    _kind = "BufferedRandom"


def _translate_newlines(text, newline):
    """Universal newlines on reading: ``\\r\\n`` and ``\\r`` become ``\\n``."""
    if newline is None:
        return text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _split_line(text, pos, newline, size):
    """The end of the line starting at ``pos``."""
    if newline is None or newline == "\n":
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end + 1
    elif newline == "":
        cr = text.find("\r", pos)
        lf = text.find("\n", pos)
        if cr < 0 and lf < 0:
            end = len(text)
        elif cr < 0 or 0 <= lf < cr:
            end = lf + 1
        else:
            end = cr + 2 if text[cr + 1:cr + 2] == "\n" else cr + 1
    else:
        end = text.find(newline, pos)
        end = len(text) if end < 0 else end + len(newline)
    if size is not None and size >= 0:
        end = min(end, pos + size)
    return end


class TextIOWrapper(TextIOBase):
    """Text over a binary stream: decoding, encoding and newline translation."""

    def __init__(self, buffer, encoding=None, errors=None, newline=None,
                 line_buffering=False, write_through=False):
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: " + repr(newline))
        if encoding is None or encoding == "locale":
            encoding = "UTF-8"
        if not isinstance(encoding, str):
            raise TypeError("TextIOWrapper() argument 'encoding' must be str or None, not "
                            + type(encoding).__name__)
        self._codec = _codec(encoding)
        self.buffer = buffer
        self.encoding = encoding
        self.errors = "strict" if errors is None else errors
        self._newline = newline
        self.line_buffering = line_buffering
        self.write_through = write_through
        self._text = None
        self._pos = 0
        self._base = 0

    def __repr__(self):
        if self.closed:
            return "<_io.TextIOWrapper [closed]>"
        parts = ["<_io.TextIOWrapper"]
        try:
            parts.append("name={!r}".format(self.name))
        except AttributeError:
            pass
        try:
            parts.append("mode={!r}".format(self.mode))
        except AttributeError:
            pass
        parts.append("encoding={!r}>".format(self.encoding))
        return " ".join(parts)

    @property
    def name(self):
        return self.buffer.name

    @property
    def closed(self):
        return self.buffer.closed

    @property
    def newlines(self):
        return None

    def close(self):
        if not self.closed:
            try:
                self.flush()
            finally:
                self.buffer.close()

    def detach(self):
        buffer = self.buffer
        self.buffer = None
        return buffer

    def fileno(self):
        return self.buffer.fileno()

    def readable(self):
        return self.buffer.readable()

    def writable(self):
        return self.buffer.writable()

    def seekable(self):
        return self.buffer.seekable()

    def flush(self):
        self._check_closed("flush of closed file")
        self._sync()

    def _decode(self, data):
        return data.decode(self._codec, self.errors)

    def _load(self):
        """Reads the rest of the file and decodes it, once, before text is read."""
        if self._text is None:
            self._base = self.buffer.tell()
            self._text = _translate_newlines(self._decode(self.buffer.read()), self._newline)
            self._pos = 0

    def _sync(self):
        """Puts the binary position where the text read so far ends, and forgets the text."""
        if self._text is not None:
            consumed = self._text[:self._pos]
            self.buffer.seek(self._base + len(consumed.encode(self._codec, self.errors)))
            self._text = None

    def read(self, size=-1):
        self._check_closed()
        if not self.readable():
            raise UnsupportedOperation("not readable")
        if size is None:
            size = -1
        if not isinstance(size, int):
            raise TypeError("argument should be integer or None, not '{}'".format(
                type(size).__name__))
        self._load()
        end = len(self._text) if size < 0 else min(len(self._text), self._pos + size)
        text = self._text[self._pos:end]
        self._pos = end
        return text

    def readline(self, size=-1):
        self._check_closed()
        if not self.readable():
            raise UnsupportedOperation("not readable")
        self._load()
        end = _split_line(self._text, self._pos, self._newline, size)
        line = self._text[self._pos:end]
        self._pos = end
        return line

    def __next__(self):
        line = self.readline()
        if not line:
            self._sync()
            raise StopIteration
        return line

    def write(self, s):
        self._check_closed()
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        if not self.writable():
            raise UnsupportedOperation("not writable")
        self._sync()
        text = s
        if self._newline not in (None, "", "\n"):
            text = text.replace("\n", self._newline)
        self.buffer.write(text.encode(self._codec, self.errors))
        return len(s)

    def seek(self, cookie, whence=0):
        self._check_closed()
        if whence == 1 and cookie != 0:
            raise UnsupportedOperation("can't do nonzero cur-relative seeks")
        if whence == 2 and cookie != 0:
            raise UnsupportedOperation("can't do nonzero end-relative seeks")
        if whence == 1:
            return self.tell()
        self._text = None
        return self.buffer.seek(cookie, whence)

    def tell(self):
        self._check_closed()
        if self._text is None:
            return self.buffer.tell()
        consumed = self._text[:self._pos]
        return self._base + len(consumed.encode(self._codec, self.errors))

    def truncate(self, pos=None):
        self.flush()
        if pos is None:
            pos = self.tell()
        return self.buffer.truncate(pos)


class _InMemory:
    """What ``StringIO`` and ``BytesIO`` share: a value held in memory and a position."""

    def readable(self):
        self._check_closed()
        return True

    def writable(self):
        self._check_closed()
        return True

    def seekable(self):
        self._check_closed()
        return True

    def getvalue(self):
        self._check_closed()
        return self._value

    def tell(self):
        self._check_closed()
        return self._pos

    def _read(self, size):
        self._check_closed()
        end = len(self._value) if size is None or size < 0 else min(len(self._value),
                                                                     self._pos + size)
        data = self._value[self._pos:end]
        self._pos = max(self._pos, end)
        return data


class StringIO(_InMemory, TextIOBase):
    """Text in memory."""

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is not None and not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not "
                            + type(initial_value).__name__)
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError("illegal newline value: " + repr(newline))
        self._newline = newline
        self._value = ""
        self._pos = 0
        if initial_value:
            self.write(initial_value)
            self._pos = 0

    def __repr__(self):
        return "<_io.StringIO object at 0x7f0000000000>"

    def read(self, size=-1):
        return self._read(size)

    def readline(self, size=-1):
        self._check_closed()
        newline = None if self._newline is None else self._newline
        end = _split_line(self._value, self._pos, "\n" if newline is None else newline, size)
        line = self._value[self._pos:end]
        self._pos = max(self._pos, end)
        return line

    def write(self, s):
        self._check_closed()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '{}'".format(type(s).__name__))
        n = len(s)
        if self._newline is None:
            s = _translate_newlines(s, None)
        elif self._newline not in ("", "\n"):
            s = s.replace("\n", self._newline)
        if self._pos > len(self._value):
            self._value += "\0" * (self._pos - len(self._value))
        self._value = self._value[:self._pos] + s + self._value[self._pos + len(s):]
        self._pos += len(s)
        return n

    def seek(self, pos, whence=0):
        self._check_closed()
        if whence == 0:
            if pos < 0:
                raise ValueError("Negative seek position {}".format(pos))
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = len(self._value)
        else:
            raise ValueError("Invalid whence ({}, should be 0, 1 or 2)".format(whence))
        return self._pos

    def truncate(self, pos=None):
        self._check_closed()
        if pos is None:
            pos = self._pos
        if pos < 0:
            raise ValueError("Negative size value {}".format(pos))
        self._value = self._value[:pos]
        return pos


class BytesIO(_InMemory, BufferedIOBase):
    """Bytes in memory."""

    def __init__(self, initial_bytes=b""):
        self._value = bytes(initial_bytes) if initial_bytes is not None else b""
        self._pos = 0

    def __repr__(self):
        return "<_io.BytesIO object at 0x7f0000000000>"

    def read(self, size=-1):
        return self._read(size)

    read1 = read

    def readinto(self, buffer):
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def readline(self, size=-1):
        self._check_closed()
        end = self._value.find(b"\n", self._pos)
        end = len(self._value) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        data = self._value[self._pos:end]
        self._pos = max(self._pos, end)
        return data

    def write(self, b):
        self._check_closed()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        b = bytes(b)
        if self._pos > len(self._value):
            self._value += b"\0" * (self._pos - len(self._value))
        self._value = self._value[:self._pos] + b + self._value[self._pos + len(b):]
        self._pos += len(b)
        return len(b)

    def seek(self, pos, whence=0):
        self._check_closed()
        if whence == 0:
            if pos < 0:
                raise ValueError("negative seek value {}".format(pos))
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._value) + pos)
        else:
            raise ValueError("invalid whence ({}, should be 0, 1 or 2)".format(whence))
        return self._pos

    def truncate(self, pos=None):
        self._check_closed()
        if pos is None:
            pos = self._pos
        if pos < 0:
            raise ValueError("negative size value {}".format(pos))
        self._value = self._value[:pos]
        return pos


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None,
         closefd=True, opener=None):
    """Opens a file of the virtual file system (see the module's documentation)."""
    if not isinstance(file, int):
        import os
        file = os.fspath(file)
    if not isinstance(file, (str, bytes, int)):
        raise TypeError("invalid file: " + repr(file))
    _check_mode(mode)
    modes = set(mode)
    binary = "b" in modes
    if "t" in modes and binary:
        raise ValueError("can't have text and binary mode at once")
    if len(modes & set("rwax")) != 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    if binary and errors is not None:
        raise ValueError("binary mode doesn't take an errors argument")
    if binary and newline is not None:
        raise ValueError("binary mode doesn't take a newline argument")
    if binary and buffering == 1:
        import warnings
        warnings.warn("line buffering (buffering=1) isn't supported in binary mode, "
                      "the default buffer size will be used", RuntimeWarning, 2)
    if encoding is not None:
        _codec(encoding)
    raw_mode = "".join(c for c in mode if c in "rwax+")
    raw = FileIO(file, raw_mode, closefd, opener=opener)
    if buffering == 0:
        if binary:
            return raw
        raw.close()
        raise ValueError("can't have unbuffered text I/O")
    if "+" in modes:
        buffer = BufferedRandom(raw)
    elif "r" in modes:
        buffer = BufferedReader(raw)
    else:
        buffer = BufferedWriter(raw)
    if binary:
        return buffer
    text = TextIOWrapper(buffer, encoding, errors, newline, buffering == 1)
    text.mode = mode
    return text
