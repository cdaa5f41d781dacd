"""`tf.train.Example` and its parts (`Features`, `Feature`, `BytesList`, `FloatList`,
`Int64List`): TensorFlow's `example.proto` messages, with the protocol buffer wire format
(`SerializeToString`, `FromString`, `ParseFromString`) and text format (`str`) the `protobuf`
package gives them. A map's order is the order keys were added (protobuf's own is a hash
order that changes from run to run)."""

import struct

import numpy as np


# --- wire format ---------------------------------------------------------------------------

def varint(value):
    """`value` as a protocol buffer varint (negative values as ten bytes)."""
    value &= 0xFFFFFFFFFFFFFFFF
    out = []
    while True:
        bits = value & 0x7F
        value >>= 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _key(number, wire):
    return varint(number << 3 | wire)


def delimited(number, payload):
    """A length-delimited field `number` holding `payload`."""
    return _key(number, 2) + varint(len(payload)) + payload


class DecodeError(Exception):
    """A message's bytes were not valid (`google.protobuf.message.DecodeError`)."""

    __module__ = "google.protobuf.message"


def _read_varint(data, pos):
    result = 0
    shift = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise DecodeError("Error parsing message")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7


def _fields(data):
    """`(number, wire type, value)` of each field of a message's bytes."""
    pos = 0
    while pos < len(data):
        key, pos = _read_varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _read_varint(data, pos)
        elif wire == 1:
            value, pos = data[pos:pos + 8], pos + 8
        elif wire == 2:
            size, pos = _read_varint(data, pos)
            value, pos = data[pos:pos + size], pos + size
        elif wire == 5:
            value, pos = data[pos:pos + 4], pos + 4
        else:
            raise DecodeError("Error parsing message")
        if pos > len(data):
            raise DecodeError("Error parsing message")
        yield number, wire, value


def _signed64(value):
    return value - (1 << 64) if value >= 1 << 63 else value


# --- text format ---------------------------------------------------------------------------

def _float_text(value):
    if value != value:
        return "nan"
    if value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    short = "%.6g" % value
    if struct.unpack("<f", struct.pack("<f", float(short)))[0] == value:
        return short
    return "%.9g" % value


def _bytes_text(value):
    out = []
    for byte in value:
        if byte == 0x0A:
            out.append("\\n")
        elif byte == 0x0D:
            out.append("\\r")
        elif byte == 0x09:
            out.append("\\t")
        elif byte in (0x22, 0x27, 0x5C):
            out.append("\\" + chr(byte))
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append("\\%03o" % byte)
    return '"' + "".join(out) + '"'


# --- repeated fields -----------------------------------------------------------------------

class _Repeated:
    """A repeated scalar field: a list that checks each value's type."""

    def __init__(self, owner, check):
        self._owner = owner
        self._check = check
        self._values = []

    def append(self, value):
        self._values.append(self._check(value))
        self._owner._touched = True

    def extend(self, values):
        for value in values:
            self.append(value)

    def __len__(self):
        return len(self._values)

    def __iter__(self):
        return iter(self._values)

    def __getitem__(self, index):
        return self._values[index]

    def __eq__(self, other):
        return list(self._values) == list(other)

    def __repr__(self):
        return repr(self._values)


def _int64(value):
    if isinstance(value, np.bool_):
        raise TypeError("'numpy.bool' object cannot be interpreted as an integer")
    if isinstance(value, bool):
        raise TypeError("Field tensorflow.Int64List.value: Expected an int, got a boolean.")
    if isinstance(value, np.integer):
        value = int(value)
    if not isinstance(value, int):
        raise TypeError(
            f"'{value}' has type {type(value).__name__}, but expected one of: int")
    if not -(1 << 63) <= value < 1 << 63:
        raise ValueError(f"Value out of range: {value}")
    return value


def _float(value):
    if isinstance(value, (bool, np.bool_)):
        raise TypeError("Field tensorflow.FloatList.value: Expected a float, got a boolean.")
    if isinstance(value, (np.floating, np.integer)):
        value = float(value)
    if not isinstance(value, (int, float)):
        raise TypeError(
            f"'{value}' has type {type(value).__name__}, but expected one of: int, float")
    return struct.unpack("<f", struct.pack("<f", float(value)))[0]


def _bytes(value):
    if isinstance(value, np.bytes_):
        value = bytes(value)
    if not isinstance(value, bytes):
        raise TypeError(f"{value!r} has type {type(value).__name__}, but expected one of: bytes")
    return value


class _Message:
    """What every message shares: comparison, `str` as text format, the wire format."""

    def __init__(self):
        self._touched = False

    def __str__(self):
        return "".join(line + "\n" for line in self._text_lines())

    __repr__ = __str__

    def __eq__(self, other):
        return type(self) is type(other) and self._compare() == other._compare()

    def SerializeToString(self, deterministic=None):  # noqa: N802 - protobuf's name
        return self._encode()

    def SerializePartialToString(self, deterministic=None):  # noqa: N802
        return self._encode()

    def ByteSize(self):  # noqa: N802
        return len(self._encode())

    @classmethod
    def FromString(cls, data):  # noqa: N802
        message = cls()
        message.MergeFromString(data)
        return message

    def ParseFromString(self, data):  # noqa: N802
        self.Clear()
        return self.MergeFromString(data)

    def MergeFromString(self, data):  # noqa: N802
        if not isinstance(data, bytes) and hasattr(data, "numpy"):
            data = data.numpy()
        if not isinstance(data, bytes):
            raise TypeError(
                f"memoryview: a bytes-like object is required, not '{type(data).__name__}'")
        self._decode(data)
        return len(data)

    def CopyFrom(self, other):  # noqa: N802
        self.ParseFromString(other.SerializeToString())

    def IsInitialized(self):  # noqa: N802
        return True


class _List(_Message):
    _CHECK = None
    _NAME = ""

    def __init__(self, value=None):
        super().__init__()
        self.value = _Repeated(self, type(self)._CHECK)
        if value is not None:
            self.value.extend(value)

    def Clear(self):  # noqa: N802
        self.value = _Repeated(self, type(self)._CHECK)

    def _compare(self):
        return list(self.value)

    def _text_lines(self):
        return [f"value: {self._value_text(v)}" for v in self.value]

    def _value_text(self, value):
        return str(value)


class BytesList(_List):
    """A list of byte strings."""

    __module__ = "tensorflow.core.example.feature_pb2"
    _CHECK = staticmethod(_bytes)

    def _encode(self):
        return b"".join(delimited(1, v) for v in self.value)

    def _decode(self, data):
        for number, wire, value in _fields(data):
            if number == 1 and wire == 2:
                self.value.append(bytes(value))

    def _value_text(self, value):
        return _bytes_text(value)


class FloatList(_List):
    """A list of float32 values."""

    __module__ = "tensorflow.core.example.feature_pb2"
    _CHECK = staticmethod(_float)

    def _encode(self):
        if not len(self.value):
            return b""
        return delimited(1, b"".join(struct.pack("<f", v) for v in self.value))

    def _decode(self, data):
        for number, wire, value in _fields(data):
            if number != 1:
                continue
            if wire == 2:
                for start in range(0, len(value) - 3, 4):
                    self.value.append(struct.unpack("<f", value[start:start + 4])[0])
            elif wire == 5:
                self.value.append(struct.unpack("<f", value)[0])

    def _value_text(self, value):
        return _float_text(value)


class Int64List(_List):
    """A list of int64 values."""

    __module__ = "tensorflow.core.example.feature_pb2"
    _CHECK = staticmethod(_int64)

    def _encode(self):
        if not len(self.value):
            return b""
        return delimited(1, b"".join(varint(v) for v in self.value))

    def _decode(self, data):
        for number, wire, value in _fields(data):
            if number != 1:
                continue
            if wire == 2:
                pos = 0
                while pos < len(value):
                    item, pos = _read_varint(value, pos)
                    self.value.append(_signed64(item))
            elif wire == 0:
                self.value.append(_signed64(value))


_KINDS = (("bytes_list", BytesList, 1), ("float_list", FloatList, 2),
          ("int64_list", Int64List, 3))


class Feature(_Message):
    """One feature: a `bytes_list`, a `float_list` or an `int64_list` (a oneof, `kind`)."""

    __module__ = "tensorflow.core.example.feature_pb2"

    def __init__(self, bytes_list=None, float_list=None, int64_list=None):
        super().__init__()
        self._lists = {name: cls() for name, cls, _ in _KINDS}
        self._kind = None
        for name, value in (("bytes_list", bytes_list), ("float_list", float_list),
                            ("int64_list", int64_list)):
            if value is not None:
                expected = dict((n, c) for n, c, _ in _KINDS)[name]
                if not isinstance(value, expected):
                    raise TypeError(
                        f"Message must be initialized with a dict: tensorflow.Feature")
                self._lists[name] = value
                self._kind = name

    @property
    def bytes_list(self):
        return self._lists["bytes_list"]

    @property
    def float_list(self):
        return self._lists["float_list"]

    @property
    def int64_list(self):
        return self._lists["int64_list"]

    def WhichOneof(self, group):  # noqa: N802
        if group != "kind":
            raise ValueError(f'Protocol message has no oneof "{group}" field.')
        if self._kind is not None:
            return self._kind
        for name, _, _ in _KINDS:
            if self._lists[name]._touched:
                return name
        return None

    def HasField(self, name):  # noqa: N802
        return self.WhichOneof("kind") == name

    def Clear(self):  # noqa: N802
        self._lists = {name: cls() for name, cls, _ in _KINDS}
        self._kind = None

    def _compare(self):
        kind = self.WhichOneof("kind")
        return kind, None if kind is None else self._lists[kind]._compare()

    def _encode(self):
        kind = self.WhichOneof("kind")
        if kind is None:
            return b""
        number = dict((n, f) for n, _, f in _KINDS)[kind]
        return delimited(number, self._lists[kind]._encode())

    def _decode(self, data):
        for number, wire, value in _fields(data):
            for name, cls, field in _KINDS:
                if number == field and wire == 2:
                    self._lists[name]._decode(value)
                    self._kind = name

    def _text_lines(self):
        kind = self.WhichOneof("kind")
        if kind is None:
            return []
        return [kind + " {"] + ["  " + line for line in self._lists[kind]._text_lines()] + ["}"]


class MessageMapContainer:
    """`Features.feature`: a map from names to `Feature`s; reading a missing name adds an
    empty `Feature`, as protobuf's message maps do."""

    __module__ = "google._upb._message"

    def __init__(self):
        self._items = {}

    def __getitem__(self, key):
        if not isinstance(key, str):
            raise TypeError(f"bad argument type for built-in operation")
        if key not in self._items:
            self._items[key] = Feature()
        return self._items[key]

    def __setitem__(self, key, value):
        raise ValueError("Direct assignment of submessage not allowed")

    def get_or_create(self, key):
        return self[key]

    def get(self, key, default=None):
        return self._items.get(key, default)

    def __contains__(self, key):
        return key in self._items

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def keys(self):
        return self._items.keys()

    def values(self):
        return self._items.values()

    def items(self):
        return self._items.items()

    def __delitem__(self, key):
        del self._items[key]

    def __eq__(self, other):
        return dict((k, v._compare()) for k, v in self.items()) == \
            dict((k, v._compare()) for k, v in other.items())

    def __repr__(self):
        return "{" + ", ".join(f"{k!r}: {v}" for k, v in self.items()) + "}"


class Features(_Message):
    """Named features (`feature`, a map of `Feature`)."""

    __module__ = "tensorflow.core.example.feature_pb2"

    def __init__(self, feature=None):
        super().__init__()
        self.feature = MessageMapContainer()
        for key, value in (feature or {}).items():
            if not isinstance(value, Feature):
                raise TypeError(
                    f"Parameter to MergeFrom() must be instance of same class: expected "
                    f"tensorflow.Feature got {type(value).__name__}.")
            self.feature._items[key] = value

    def Clear(self):  # noqa: N802
        self.feature = MessageMapContainer()

    def _compare(self):
        return dict((k, v._compare()) for k, v in self.feature.items())

    def _encode(self):
        return b"".join(
            delimited(1, delimited(1, key.encode("utf-8")) + delimited(2, value._encode()))
            for key, value in self.feature.items())

    def _decode(self, data):
        for number, wire, value in _fields(data):
            if number != 1 or wire != 2:
                continue
            key, entry = "", Feature()
            for inner, inner_wire, part in _fields(value):
                if inner == 1 and inner_wire == 2:
                    key = bytes(part).decode("utf-8")
                elif inner == 2 and inner_wire == 2:
                    entry = Feature.FromString(bytes(part))
            self.feature._items[key] = entry

    def _text_lines(self):
        lines = []
        for key, value in self.feature.items():
            lines.append("feature {")
            lines.append(f"  key: {_bytes_text(key.encode('utf-8'))}")
            lines.append("  value {")
            lines.extend("    " + line for line in value._text_lines())
            lines.append("  }")
            lines.append("}")
        return lines


class Example(_Message):
    """One record of named features (`features`)."""

    __module__ = "tensorflow.core.example.example_pb2"

    def __init__(self, features=None):
        super().__init__()
        if features is not None and not isinstance(features, Features):
            raise TypeError(
                f"Parameter to MergeFrom() must be instance of same class: expected "
                f"tensorflow.Features got {type(features).__name__}.")
        self.features = features if features is not None else Features()

    def Clear(self):  # noqa: N802
        self.features = Features()

    def _compare(self):
        return self.features._compare()

    def _encode(self):
        inner = self.features._encode()
        if not inner and not len(self.features.feature):
            return b""
        return delimited(1, inner)

    def _decode(self, data):
        for number, wire, value in _fields(data):
            if number == 1 and wire == 2:
                self.features._decode(bytes(value))

    def _text_lines(self):
        if not len(self.features.feature):
            return []
        return ["features {"] + ["  " + line for line in self.features._text_lines()] + ["}"]
