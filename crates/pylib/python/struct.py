"""Packing values into bytes and back, as CPython 3.11's ``struct`` on x86-64 Linux: byte
order and alignment prefixes, repeat counts, integers with their range errors, IEEE 754
half, single and double floats (correctly rounded), bools, chars, and ``s``/``p`` strings."""

import math

__all__ = ["calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack",
           "Struct", "error"]


class error(Exception):
    pass


# (size, alignment) of each code in native mode; standard sizes differ for l, L (4).
_NATIVE = {
    "x": (1, 1), "c": (1, 1), "b": (1, 1), "B": (1, 1), "?": (1, 1),
    "h": (2, 2), "H": (2, 2), "i": (4, 4), "I": (4, 4), "l": (8, 8), "L": (8, 8),
    "q": (8, 8), "Q": (8, 8), "n": (8, 8), "N": (8, 8), "P": (8, 8),
    "e": (2, 2), "f": (4, 4), "d": (8, 8), "s": (1, 1), "p": (1, 1),
}
_STANDARD = {
    "x": 1, "c": 1, "b": 1, "B": 1, "?": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 4,
    "L": 4, "q": 8, "Q": 8, "e": 2, "f": 4, "d": 8, "s": 1, "p": 1,
}
_SIGNED = set("bhilqn")
_UNSIGNED = set("BHILQNP")
_NAMED_RANGES = {"b": "byte", "B": "ubyte", "h": "short", "H": "ushort"}
# Float layouts: (exponent bits, mantissa bits).
_FLOATS = {"e": (5, 10), "f": (8, 23), "d": (11, 52)}


def _parse(fmt):
    """The format as (byte order, items, size): items are (code, count, offset)."""
    if isinstance(fmt, bytes):
        fmt = fmt.decode("latin-1")
    if not isinstance(fmt, str):
        raise TypeError("Struct() argument 1 must be a str or bytes object, not %s"
                        % type(fmt).__name__)
    order = "@"
    i = 0
    if fmt and fmt[0] in "@=<>!":
        order = fmt[0]
        i = 1
    native = order == "@"
    items = []
    offset = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch.isspace():
            i += 1
            continue
        count = None
        if ch.isdigit():
            start = i
            while i < len(fmt) and fmt[i].isdigit():
                i += 1
            count = int(fmt[start:i])
            if i >= len(fmt):
                raise error("repeat count given without format specifier")
            ch = fmt[i]
        if native:
            if ch not in _NATIVE:
                raise error("bad char in struct format")
            size, align = _NATIVE[ch]
            if offset % align:
                offset += align - offset % align
        else:
            if ch not in _STANDARD:
                raise error("bad char in struct format")
            size = _STANDARD[ch]
        n = 1 if count is None else count
        if ch in "sp":
            items.append((ch, n, offset))
            offset += n
        else:
            for _ in range(n):
                items.append((ch, 1, offset))
                offset += size
        i += 1
    return order, items, offset


def _byteorder(order):
    return "big" if order in ">!" else "little"


def _int_bytes(code, value, size, order):
    if not isinstance(value, int):
        index = getattr(type(value), "__index__", None)
        if index is None:
            raise error("required argument is not an integer")
        value = index(value)
    signed = code in _SIGNED
    # CPython converts to a C long first (an unsigned long for I, L, Q, N, P), whose own
    # overflow is "argument out of range"; then checks the format's range.
    if signed or code in _NAMED_RANGES:
        if not -2 ** 63 <= value < 2 ** 63:
            raise error("argument out of range")
    elif not 0 <= value < 2 ** 64:
        raise error("argument out of range")
    if size < 8:
        lo, hi = (-2 ** (size * 8 - 1), 2 ** (size * 8 - 1) - 1) if signed \
            else (0, 2 ** (size * 8) - 1)
        if not lo <= value <= hi:
            name = _NAMED_RANGES.get(code)
            what = name if name is not None else "'%s'" % code
            raise error("%s format requires %d <= number <= %d" % (what, lo, hi))
    return value.to_bytes(size, _byteorder(order), signed=signed)


def _float_bits(x, exp_bits, man_bits, code, native):
    """The IEEE 754 bits of ``x`` rounded (half to even) to this layout."""
    bias = 2 ** (exp_bits - 1) - 1
    sign = 1 if math.copysign(1.0, x) < 0 else 0
    top = 2 ** exp_bits - 1
    if math.isnan(x):
        return (sign << (exp_bits + man_bits)) | (top << man_bits) | (1 << (man_bits - 1))
    if math.isinf(x):
        return (sign << (exp_bits + man_bits)) | (top << man_bits)
    if x == 0:
        return sign << (exp_bits + man_bits)
    m, e = math.frexp(abs(x))
    mant = int(m * 2 ** 53)
    exp2 = e - 53
    t = e - 1
    subnormal = t < 1 - bias
    scale = (1 - bias - man_bits) if subnormal else (t - man_bits)
    shift = exp2 - scale
    if shift >= 0:
        q = mant << shift
    else:
        q, rem = divmod(mant, 1 << -shift)
        half = 1 << (-shift - 1)
        if rem > half or (rem == half and q & 1):
            q += 1
    if subnormal:
        if q >= 1 << man_bits:
            exp_field = 1
        else:
            exp_field = 0
    else:
        if q >= 1 << (man_bits + 1):
            q >>= 1
            t += 1
        exp_field = t + bias
    if exp_field >= top:
        if native and code == "f":
            return (sign << (exp_bits + man_bits)) | (top << man_bits)
        raise OverflowError("float too large to pack with %s format" % code)
    return (sign << (exp_bits + man_bits)) | (exp_field << man_bits) | (q & ((1 << man_bits) - 1))


def _float_value(bits, exp_bits, man_bits):
    sign = -1.0 if bits >> (exp_bits + man_bits) else 1.0
    exp_field = (bits >> man_bits) & (2 ** exp_bits - 1)
    mant = bits & ((1 << man_bits) - 1)
    bias = 2 ** (exp_bits - 1) - 1
    if exp_field == 2 ** exp_bits - 1:
        return sign * math.inf if mant == 0 else math.copysign(math.nan, sign)
    if exp_field == 0:
        return sign * math.ldexp(mant, 1 - bias - man_bits)
    return sign * math.ldexp(mant + (1 << man_bits), exp_field - bias - man_bits)


def _pack_item(code, count, value, order, out):
    native = order == "@"
    if code == "x":
        out.append(b"\x00")
    elif code in "sp":
        if not isinstance(value, bytes):
            raise error("argument for '%s' must be a bytes object" % code)
        if code == "s":
            out.append(value[:count] + b"\x00" * (count - len(value[:count])))
        elif count:
            data = value[:min(count - 1, 255)]
            out.append(bytes([len(data)]) + data + b"\x00" * (count - 1 - len(data)))
    elif code == "c":
        if not isinstance(value, bytes) or len(value) != 1:
            raise error("char format requires a bytes object of length 1")
        out.append(value)
    elif code == "?":
        out.append(b"\x01" if value else b"\x00")
    elif code in _FLOATS:
        if not isinstance(value, (int, float)):
            index = getattr(type(value), "__float__", None)
            if index is None:
                raise error("required argument is not a float")
            value = index(value)
        exp_bits, man_bits = _FLOATS[code]
        bits = _float_bits(float(value), exp_bits, man_bits, code, native)
        size = (1 + exp_bits + man_bits) // 8
        out.append(bits.to_bytes(size, _byteorder(order)))
    else:
        size = _NATIVE[code][0] if native else _STANDARD[code]
        out.append(_int_bytes(code, value, size, order))


def _unpack_item(code, count, data, order):
    native = order == "@"
    if code in "sp":
        if code == "s":
            return data
        n = min(data[0], count - 1) if count else 0
        return data[1:1 + n]
    if code == "c":
        return data
    if code == "?":
        return data != b"\x00" * len(data)
    if code in _FLOATS:
        exp_bits, man_bits = _FLOATS[code]
        return _float_value(int.from_bytes(data, _byteorder(order)), exp_bits, man_bits)
    signed = code in _SIGNED
    del native
    return int.from_bytes(data, _byteorder(order), signed=signed)


def _item_size(code, count, order):
    if code in "sp":
        return count
    return _NATIVE[code][0] if order == "@" else _STANDARD[code]


class Struct:
    """A compiled format: ``pack``, ``unpack`` and the rest without parsing it again."""

    __module__ = "_struct"

    def __init__(self, format):
        self._order, self._items, self.size = _parse(format)
        self.format = format.decode("latin-1") if isinstance(format, bytes) else format
        self._arity = sum(1 for code, _, _ in self._items if code != "x")

    def pack(self, *values):
        if len(values) != self._arity:
            raise error("pack expected %d items for packing (got %d)"
                        % (self._arity, len(values)))
        out = []
        position = 0
        it = iter(values)
        for code, count, offset in self._items:
            if offset > position:
                out.append(b"\x00" * (offset - position))
            _pack_item(code, count, None if code == "x" else next(it), self._order, out)
            position = offset + _item_size(code, count, self._order)
        if self.size > position:
            out.append(b"\x00" * (self.size - position))
        return b"".join(out)

    def unpack(self, buffer):
        buffer = bytes(buffer)
        if len(buffer) != self.size:
            raise error("unpack requires a buffer of %d bytes" % self.size)
        return self._unpack_at(buffer, 0)

    def _unpack_at(self, buffer, start):
        values = []
        for code, count, offset in self._items:
            if code == "x":
                continue
            at = start + offset
            data = buffer[at:at + _item_size(code, count, self._order)]
            values.append(_unpack_item(code, count, data, self._order))
        return tuple(values)

    def unpack_from(self, buffer, offset=0):
        buffer = bytes(buffer)
        if offset < 0:
            if offset + len(buffer) < 0:
                raise error("offset %d out of range for %d-byte buffer" % (offset, len(buffer)))
            offset += len(buffer)
        if len(buffer) - offset < self.size:
            if offset > len(buffer):
                raise error("offset %d out of range for %d-byte buffer" % (offset, len(buffer)))
            raise error("unpack_from requires a buffer of at least %d bytes for unpacking %d "
                        "bytes at offset %d (actual buffer size is %d)"
                        % (self.size + offset, self.size, offset, len(buffer)))
        return self._unpack_at(buffer, offset)

    def iter_unpack(self, buffer):
        buffer = bytes(buffer)
        if self.size == 0:
            raise error("cannot iteratively unpack with a struct of length 0")
        if len(buffer) % self.size:
            raise error("iterative unpacking requires a buffer of a multiple of %d bytes"
                        % self.size)
        return (self._unpack_at(buffer, i) for i in range(0, len(buffer), self.size))

    def pack_into(self, buffer, offset, *values):
        raise TypeError("argument must be read-write bytes-like object, not %s"
                        % type(buffer).__name__)



def calcsize(format):
    return Struct(format).size


def pack(format, *values):
    return Struct(format).pack(*values)


def unpack(format, buffer):
    return Struct(format).unpack(buffer)


def unpack_from(format, buffer, offset=0):
    return Struct(format).unpack_from(buffer, offset)


def iter_unpack(format, buffer):
    return Struct(format).iter_unpack(buffer)


def pack_into(format, buffer, offset, *values):
    return Struct(format).pack_into(buffer, offset, *values)
