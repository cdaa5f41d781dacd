"""`np.save`, `np.load`, `np.savez` and `np.savez_compressed` on the run's virtual file
system, in NumPy's `.npy` format (version 1.0, 64-byte aligned header) and `.npz` archives.

The archives are zip files whose members are stored, not deflated: the playground has no
zlib, so `savez_compressed` writes the same stored archive (NumPy's own reader and this one
read either).
"""

import struct

import numpy as np
from _numpy import _frombuffer, _tobytes

_MAGIC = b"\x93NUMPY"
_ALIGN = 64
_GROWTH_DIGITS = 21

_DESCRS = {
    "bool": "|b1", "int8": "|i1", "uint8": "|u1", "int16": "<i2", "int32": "<i4",
    "int64": "<i8", "float16": "<f2", "float32": "<f4", "float64": "<f8",
    "uint16": "<u2", "uint32": "<u4", "uint64": "<u8", "complex64": "<c8",
    "complex128": "<c16",
}
_DTYPES = {descr: name for name, descr in _DESCRS.items()}
_DTYPES.update({"<b1": "bool", "<i1": "int8", "<u1": "uint8", "|i2": "int16"})


def _npy_bytes(arr):
    arr = np.asarray(arr)
    name = str(arr.dtype)
    if name not in _DESCRS:
        raise NotImplementedError(f"saving {name} arrays is not emulated in this playground")
    header = "{'descr': %r, 'fortran_order': False, 'shape': %r, }" % (
        _DESCRS[name], tuple(arr.shape))
    if arr.ndim:
        header += " " * (_GROWTH_DIGITS - len(repr(arr.shape[0])))
    encoded = header.encode("latin1")
    length = len(encoded) + 1
    padding = _ALIGN - ((len(_MAGIC) + 2 + 2 + length) % _ALIGN)
    prefix = _MAGIC + b"\x01\x00" + struct.pack("<H", length + padding)
    return prefix + encoded + b" " * padding + b"\n" + _tobytes(arr)


def _npy_array(data):
    if not data.startswith(_MAGIC):
        raise ValueError("the magic string is not correct; expected b'\\x93NUMPY', got "
                         f"{data[:6]!r}")
    major = data[6]
    if major == 1:
        (length,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (length,) = struct.unpack("<I", data[8:12])
        start = 12
    header = data[start:start + length].decode("latin1")
    fields = _literal(header)
    descr = fields["descr"]
    if descr not in _DTYPES:
        raise NotImplementedError(f"loading {descr!r} arrays is not emulated in this playground")
    shape = tuple(fields["shape"])
    count = 1
    for dim in shape:
        count *= dim
    flat = _frombuffer(data, _DTYPES[descr], count, start + length)
    if fields.get("fortran_order"):
        return flat.reshape(shape[::-1]).transpose()
    return flat.reshape(shape)


def _literal(text):
    """The header dict: `{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }`."""
    fields = {}
    body = text.strip().strip("{}")
    position = 0
    while True:
        start = body.find("'", position)
        if start < 0:
            return fields
        end = body.index("'", start + 1)
        key = body[start + 1:end]
        colon = body.index(":", end)
        rest = body[colon + 1:].lstrip()
        if rest.startswith("'"):
            close = rest.index("'", 1)
            value = rest[1:close]
            consumed = close + 1
        elif rest.startswith("("):
            close = rest.index(")")
            items = [part.strip() for part in rest[1:close].split(",")]
            value = tuple(int(part) for part in items if part)
            consumed = close + 1
        else:
            close = rest.find(",")
            word = rest[:close].strip()
            value = word == "True"
            consumed = close
        fields[key] = value
        position = colon + 1 + (len(body[colon + 1:]) - len(rest)) + consumed


def _crc32(data):
    table = _crc_table()
    crc = 0xFFFFFFFF
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


_TABLE = []


def _crc_table():
    if not _TABLE:
        for n in range(256):
            c = n
            for _ in range(8):
                c = (0xEDB88320 ^ (c >> 1)) if c & 1 else (c >> 1)
            _TABLE.append(c)
    return _TABLE


def _zip(members):
    """A zip archive of `(name, data)` members, stored."""
    body = b""
    directory = b""
    for name, data in members:
        encoded = name.encode("utf-8")
        crc = _crc32(data)
        offset = len(body)
        # Date 1980-01-01 00:00, as NumPy's writer stamps archive members.
        fields = struct.pack("<HHHHHIII", 20, 0, 0, 0, 0x21, crc, len(data), len(data))
        body += struct.pack("<I", 0x04034B50) + fields + struct.pack("<HH", len(encoded), 0)
        body += encoded + data
        directory += struct.pack("<IH", 0x02014B50, 20) + fields
        directory += struct.pack("<HHHHHII", len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members),
                      len(directory), len(body), 0)
    return body + directory + end


def _unzip(data):
    end = data.rfind(struct.pack("<I", 0x06054B50))
    if end < 0:
        raise ValueError("File is not a zip file")
    count, size, offset = struct.unpack("<HII", data[end + 10:end + 20])
    members = {}
    position = offset
    for _ in range(count):
        method = struct.unpack("<H", data[position + 10:position + 12])[0]
        compressed, = struct.unpack("<I", data[position + 20:position + 24])
        name_len, extra_len, comment_len = struct.unpack("<HHH", data[position + 28:position + 34])
        local, = struct.unpack("<I", data[position + 42:position + 46])
        name = data[position + 46:position + 46 + name_len].decode("utf-8")
        position += 46 + name_len + extra_len + comment_len
        if method != 0:
            raise NotImplementedError(
                "reading deflated .npz members is not emulated in this playground")
        local_name, local_extra = struct.unpack("<HH", data[local + 26:local + 30])
        start = local + 30 + local_name + local_extra
        members[name] = data[start:start + compressed]
    return members


def _read(file):
    if hasattr(file, "read"):
        return file.read(), getattr(file, "name", None)
    path = str(file)
    with open(path, "rb") as handle:
        return handle.read(), path


def _write(file, data, suffix):
    if hasattr(file, "write"):
        file.write(data)
        return
    path = str(file)
    if not path.endswith(suffix):
        path += suffix
    with open(path, "wb") as handle:
        handle.write(data)


def save(file, arr, allow_pickle=True, fix_imports=None):
    _write(file, _npy_bytes(arr), ".npy")


def savez(file, *args, allow_pickle=True, **kwds):
    members = dict(kwds)
    for index, value in enumerate(args):
        key = f"arr_{index}"
        if key in members:
            raise ValueError(f"Cannot use un-named variables and keyword {key}")
        members[key] = value
    _write(file, _zip([(name + ".npy", _npy_bytes(value))
                       for name, value in members.items()]), ".npz")


savez_compressed = savez


class NpzFile:
    """The arrays of an `.npz` archive, read when indexed (`data['x']`, `data.files`)."""

    def __init__(self, members, name=None):
        self._members = members
        self.files = [key[:-4] if key.endswith(".npy") else key for key in members]
        self._name = name

    def __getitem__(self, key):
        member = key + ".npy" if key + ".npy" in self._members else key
        if member not in self._members:
            raise KeyError(f"{key} is not a file in the archive")
        return _npy_array(self._members[member])

    def __contains__(self, key):
        return key in self.files

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def keys(self):
        return list(self.files)

    def values(self):
        return [self[key] for key in self.files]

    def items(self):
        return [(key, self[key]) for key in self.files]

    def get(self, key, default=None):
        return self[key] if key in self.files else default

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        name = "object" if self._name is None else repr(self._name)
        keys = ", ".join(self.files[:5]) + ("..." if len(self.files) > 5 else "")
        return f"NpzFile {name} with keys: {keys}"


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    data, name = _read(file)
    if data.startswith(b"PK\x03\x04") or data.startswith(b"PK\x05\x06"):
        return NpzFile(_unzip(data), name)
    if data.startswith(_MAGIC):
        return _npy_array(data)
    if not allow_pickle:
        raise ValueError("This file contains pickled (object) data. If you trust the file you "
                         "can load it unsafely using the `allow_pickle=` keyword argument or "
                         "`pickle.load()`.")
    raise NotImplementedError("loading pickled data is not emulated in this playground")


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    return _frombuffer(bytes(buffer), np.dtype(dtype), count, offset)
