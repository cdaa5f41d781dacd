"""JSON (JavaScript Object Notation) encoding and decoding: a pure-Python json.

``dumps``/``dump`` turn Python values into JSON text with the same output as CPython
3.11 (the same spacing, float reprs, escapes, ``NaN``/``Infinity`` and error texts);
``loads``/``load`` parse JSON text with a hand-written recursive-descent parser whose
errors are ``JSONDecodeError`` (a ``ValueError``) with CPython's messages and
positions, e.g. ``Expecting value: line 1 column 1 (char 0)``.

Conversions::

    Python                 JSON          Python (decoding)
    dict                   object        dict
    list, tuple            array         list
    str                    string        str
    int, float             number        int, float
    True / False / None    true / false / null

This is a single module rather than CPython's package (no ``json.decoder`` etc.).
``dump`` writes its text to ``fp.write`` in pieces; the pieces are not split the
way CPython splits them, only their concatenation is the same.
"""

from math import isinf as _isinf, isnan as _isnan

__all__ = ["dump", "dumps", "load", "loads",
           "JSONDecoder", "JSONDecodeError", "JSONEncoder"]

_INFINITY = float("inf")


# ---------------------------------------------------------------------------
# Errors

class JSONDecodeError(ValueError):
    """Subclass of ValueError with the following additional properties:

    msg: The unformatted error message
    doc: The JSON document being parsed
    pos: The start index of doc where parsing failed
    lineno: The line corresponding to pos
    colno: The column corresponding to pos
    """

    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        errmsg = "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


# ---------------------------------------------------------------------------
# Encoding

_SHORT_ESCAPES = {
    '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
    "\b": "\\b", "\f": "\\f",
}


def _encode_string(s, ensure_ascii):
    """A JSON string literal (with the quotes) for the str s."""
    pieces = ['"']
    start = 0       # start of the current run of characters that need no escaping
    for i, ch in enumerate(s):
        code = ord(ch)
        if ch in _SHORT_ESCAPES:
            escaped = _SHORT_ESCAPES[ch]
        elif code < 0x20 or (ensure_ascii and code > 0x7E):
            if code > 0xFFFF:       # outside the BMP: a UTF-16 surrogate pair
                code -= 0x10000
                escaped = "\\u%04x\\u%04x" % (0xD800 | (code >> 10), 0xDC00 | (code & 0x3FF))
            else:
                escaped = "\\u%04x" % code
        else:
            continue
        if start < i:
            pieces.append(s[start:i])
        pieces.append(escaped)
        start = i + 1
    if start == 0:
        return '"' + s + '"'
    pieces.append(s[start:])
    pieces.append('"')
    return "".join(pieces)


class JSONEncoder:
    """Extensible JSON encoder for Python data structures.

    To handle more types, subclass it and override ``default()`` to return a
    serializable object for ``o`` (or call the base class to raise TypeError).
    """

    item_separator = ", "
    key_separator = ": "

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True,
                 allow_nan=True, sort_keys=False, indent=None, separators=None,
                 default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        """Return a serializable object for o, or raise TypeError."""
        raise TypeError(f"Object of type {o.__class__.__name__} "
                        f"is not JSON serializable")

    def encode(self, o):
        """Return a JSON string representation of a Python data structure."""
        if isinstance(o, str):
            return _encode_string(o, self.ensure_ascii)
        return "".join(self.iterencode(o, _one_shot=True))

    def iterencode(self, o, _one_shot=False):
        """Encode the given object and yield each string piece as available."""
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        # CPython's one-shot encoder (used by dumps without indent) words the
        # non-finite-float error without the value; its streaming one adds it.
        state = _EncoderState(self, indent, not (_one_shot and indent is None))
        out = []
        state.encode(o, 0, out)
        return out


class _EncoderState:
    """One encoding run: settings, the circular-reference markers, the writer."""

    def __init__(self, encoder, indent, verbose_float_errors):
        self.enc = encoder
        self.indent = indent
        self.markers = {} if encoder.check_circular else None
        self.verbose_float_errors = verbose_float_errors

    def float_text(self, o):
        if _isnan(o):
            text = "NaN"
        elif _isinf(o):
            text = "Infinity" if o > 0 else "-Infinity"
        else:
            return repr(float(o))
        if not self.enc.allow_nan:
            message = "Out of range float values are not JSON compliant"
            if self.verbose_float_errors:
                message += ": " + repr(o)
            raise ValueError(message)
        return text

    def enter(self, o):
        if self.markers is not None:
            marker = id(o)
            if marker in self.markers:
                raise ValueError("Circular reference detected")
            self.markers[marker] = o

    def leave(self, o):
        if self.markers is not None:
            del self.markers[id(o)]

    def encode(self, o, level, out):
        if isinstance(o, str):
            out.append(_encode_string(o, self.enc.ensure_ascii))
        elif o is None:
            out.append("null")
        elif o is True:
            out.append("true")
        elif o is False:
            out.append("false")
        elif isinstance(o, int):
            out.append(repr(int(o)))
        elif isinstance(o, float):
            out.append(self.float_text(o))
        elif isinstance(o, (list, tuple)):
            self.encode_list(o, level, out)
        elif isinstance(o, dict):
            self.encode_dict(o, level, out)
        else:
            self.enter(o)
            self.encode(self.enc.default(o), level, out)
            self.leave(o)

    def encode_list(self, lst, level, out):
        if not lst:
            out.append("[]")
            return
        self.enter(lst)
        out.append("[")
        separator = self.enc.item_separator
        newline_indent = None
        if self.indent is not None:
            level += 1
            newline_indent = "\n" + self.indent * level
            separator += newline_indent
            out.append(newline_indent)
        first = True
        for value in lst:
            if first:
                first = False
            else:
                out.append(separator)
            self.encode(value, level, out)
        if newline_indent is not None:
            out.append("\n" + self.indent * (level - 1))
        out.append("]")
        self.leave(lst)

    def dict_key(self, key):
        """The JSON text of a dict key, or None when the key is to be skipped."""
        if isinstance(key, str):
            return key
        if isinstance(key, float):
            return self.float_text(key)
        if key is True:
            return "true"
        if key is False:
            return "false"
        if key is None:
            return "null"
        if isinstance(key, int):
            return repr(int(key))
        if self.enc.skipkeys:
            return None
        raise TypeError(f"keys must be str, int, float, bool or None, "
                        f"not {key.__class__.__name__}")

    def encode_dict(self, dct, level, out):
        if not dct:
            out.append("{}")
            return
        self.enter(dct)
        out.append("{")
        separator = self.enc.item_separator
        newline_indent = None
        if self.indent is not None:
            level += 1
            newline_indent = "\n" + self.indent * level
            separator += newline_indent
            out.append(newline_indent)
        items = sorted(dct.items()) if self.enc.sort_keys else dct.items()
        first = True
        for key, value in items:
            key = self.dict_key(key)
            if key is None:
                continue
            if first:
                first = False
            else:
                out.append(separator)
            out.append(_encode_string(key, self.enc.ensure_ascii))
            out.append(self.enc.key_separator)
            self.encode(value, level, out)
        if newline_indent is not None:
            out.append("\n" + self.indent * (level - 1))
        out.append("}")
        self.leave(dct)


def _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan, indent,
                 separators, default, sort_keys, kw):
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan, indent=indent,
               separators=separators, default=default, sort_keys=sort_keys, **kw)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """Serialize ``obj`` to a JSON formatted ``str``.

    ``indent`` (a non-negative int or a str) pretty-prints with that indent per
    level; ``separators`` is an ``(item_separator, key_separator)`` pair, by
    default ``(', ', ': ')``, or ``(',', ': ')`` when indenting.  ``default(obj)``
    is called for objects that cannot otherwise be serialized.
    """
    encoder = _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan,
                           indent, separators, default, sort_keys, kw)
    return encoder.encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Serialize ``obj`` as a JSON formatted stream to ``fp`` (an object with a
    ``.write()`` method).  The arguments mean what they mean for ``dumps``.
    """
    encoder = _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan,
                           indent, separators, default, sort_keys, kw)
    for chunk in encoder.iterencode(obj):
        fp.write(chunk)


# ---------------------------------------------------------------------------
# Decoding

_WHITESPACE = " \t\n\r"
_DIGITS = "0123456789"
_HEX_DIGITS = "0123456789abcdefABCDEF"
_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f",
                   "n": "\n", "r": "\r", "t": "\t"}
_CONSTANTS = {"NaN": float("nan"), "Infinity": _INFINITY, "-Infinity": -_INFINITY}


class _ValueExpected(Exception):
    """Internal: no JSON value starts at index ``pos``."""

    def __init__(self, pos):
        Exception.__init__(self, pos)
        self.pos = pos


class JSONDecoder:
    """Simple JSON decoder (see the module docstring for the conversions).

    ``object_hook`` is called with every decoded object (a dict) and its result
    used instead; ``object_pairs_hook`` (which wins over it) is called with the
    list of (key, value) pairs.  ``parse_float``/``parse_int`` are called with the
    text of each float/int number, ``parse_constant`` with ``'-Infinity'``,
    ``'Infinity'`` or ``'NaN'``.  With ``strict=False`` control characters are
    allowed inside strings.
    """

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.get
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        end = _skip_ws(s, 0)
        obj, end = self.raw_decode(s, end)
        end = _skip_ws(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """Decode a JSON document starting at s[idx]; return (object, end index)."""
        try:
            return self._value(s, idx)
        except _ValueExpected as exc:
            raise JSONDecodeError("Expecting value", s, exc.pos) from None

    # -- the recursive-descent parser ------------------------------------

    def _value(self, s, idx):
        if idx >= len(s):
            raise _ValueExpected(idx)
        ch = s[idx]
        if ch == '"':
            return self._string(s, idx + 1)
        if ch == "{":
            return self._object(s, idx + 1)
        if ch == "[":
            return self._array(s, idx + 1)
        if ch == "n" and s.startswith("null", idx):
            return None, idx + 4
        if ch == "t" and s.startswith("true", idx):
            return True, idx + 4
        if ch == "f" and s.startswith("false", idx):
            return False, idx + 5
        if ch == "N" and s.startswith("NaN", idx):
            return self.parse_constant("NaN"), idx + 3
        if ch == "I" and s.startswith("Infinity", idx):
            return self.parse_constant("Infinity"), idx + 8
        if ch == "-" and s.startswith("-Infinity", idx):
            return self.parse_constant("-Infinity"), idx + 9
        return self._number(s, idx)

    def _number(self, s, idx):
        # -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
        n = len(s)
        end = idx
        if end < n and s[end] == "-":
            end += 1
        if end < n and s[end] == "0":
            end += 1
        elif end < n and s[end] in "123456789":
            end += 1
            while end < n and s[end] in _DIGITS:
                end += 1
        else:
            raise _ValueExpected(idx)
        is_float = False
        if end + 1 < n and s[end] == "." and s[end + 1] in _DIGITS:
            end += 2
            while end < n and s[end] in _DIGITS:
                end += 1
            is_float = True
        if end < n and s[end] in "eE":
            exp = end + 1
            if exp < n and s[exp] in "+-":
                exp += 1
            if exp < n and s[exp] in _DIGITS:
                while exp < n and s[exp] in _DIGITS:
                    exp += 1
                end = exp
                is_float = True
        text = s[idx:end]
        if is_float:
            return self.parse_float(text), end
        return self.parse_int(text), end

    def _string(self, s, end):
        """Parse the rest of a string whose opening quote is at end - 1."""
        begin = end - 1
        n = len(s)
        chunks = []
        while True:
            # Copy the run of ordinary characters in one slice.
            run_start = end
            while end < n:
                ch = s[end]
                if ch == '"' or ch == "\\" or ch < " ":
                    break
                end += 1
            if run_start < end:
                chunks.append(s[run_start:end])
            if end >= n:
                raise JSONDecodeError("Unterminated string starting at", s, begin)
            ch = s[end]
            if ch == '"':
                return "".join(chunks), end + 1
            if ch != "\\":
                if self.strict:
                    raise JSONDecodeError("Invalid control character at", s, end)
                chunks.append(ch)
                end += 1
                continue
            # A backslash escape.
            if end + 1 >= n:
                raise JSONDecodeError("Unterminated string starting at", s, begin)
            esc = s[end + 1]
            if esc != "u":
                if esc not in _SIMPLE_ESCAPES:
                    raise JSONDecodeError("Invalid \\escape", s, end)
                chunks.append(_SIMPLE_ESCAPES[esc])
                end += 2
                continue
            code = self._hex4(s, end + 2, end + 1)
            end += 6
            if 0xD800 <= code <= 0xDBFF and s.startswith("\\u", end):
                low = self._hex4(s, end + 2, end + 1)
                if 0xDC00 <= low <= 0xDFFF:
                    code = 0x10000 + (((code - 0xD800) << 10) | (low - 0xDC00))
                    end += 6
            chunks.append(chr(code))

    @staticmethod
    def _hex4(s, start, error_pos):
        digits = s[start:start + 4]
        if len(digits) != 4 or any(d not in _HEX_DIGITS for d in digits):
            raise JSONDecodeError("Invalid \\uXXXX escape", s, error_pos)
        return int(digits, 16)

    def _object(self, s, idx):
        pairs = []
        idx = _skip_ws(s, idx)
        if idx < len(s) and s[idx] == "}":
            idx += 1
        else:
            while True:
                if idx >= len(s) or s[idx] != '"':
                    raise JSONDecodeError(
                        "Expecting property name enclosed in double quotes", s, idx)
                key, idx = self._string(s, idx + 1)
                idx = _skip_ws(s, idx)
                if idx >= len(s) or s[idx] != ":":
                    raise JSONDecodeError("Expecting ':' delimiter", s, idx)
                idx = _skip_ws(s, idx + 1)
                value, idx = self._value(s, idx)
                pairs.append((key, value))
                idx = _skip_ws(s, idx)
                if idx < len(s) and s[idx] == "}":
                    idx += 1
                    break
                if idx >= len(s) or s[idx] != ",":
                    raise JSONDecodeError("Expecting ',' delimiter", s, idx)
                idx = _skip_ws(s, idx + 1)
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs), idx
        result = dict(pairs)
        if self.object_hook is not None:
            result = self.object_hook(result)
        return result, idx

    def _array(self, s, idx):
        values = []
        idx = _skip_ws(s, idx)
        if idx < len(s) and s[idx] == "]":
            return values, idx + 1
        while True:
            value, idx = self._value(s, idx)
            values.append(value)
            idx = _skip_ws(s, idx)
            if idx < len(s) and s[idx] == "]":
                return values, idx + 1
            if idx >= len(s) or s[idx] != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, idx)
            idx = _skip_ws(s, idx + 1)


def _skip_ws(s, idx):
    n = len(s)
    while idx < n and s[idx] in _WHITESPACE:
        idx += 1
    return idx


def _detect_encoding(b):
    """The encoding of JSON bytes, from a BOM or the pattern of zero bytes."""
    if b[:3] == b"\xef\xbb\xbf":
        return "utf-8-sig"
    if b[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return "utf-32"
    if b[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "utf-16"
    if len(b) >= 4:
        if not b[0]:
            return "utf-16-be" if b[1] else "utf-32-be"
        if not b[1]:
            return "utf-16-le" if b[2] or b[3] else "utf-32-le"
    elif len(b) == 2:
        if not b[0]:
            return "utf-16-be"
        if not b[1]:
            return "utf-16-le"
    return "utf-8"


def _is_binary(s):
    if isinstance(s, bytes):
        return True
    try:
        return isinstance(s, bytearray)
    except NameError:       # an interpreter without bytearray
        return False


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize ``s`` (a str, bytes or bytearray holding a JSON document)."""
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    elif _is_binary(s):
        s = bytes(s).decode(_detect_encoding(s), "surrogatepass")
    else:
        raise TypeError(f"the JSON object must be str, bytes or bytearray, "
                        f"not {s.__class__.__name__}")
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw["object_hook"] = object_hook
    if object_pairs_hook is not None:
        kw["object_pairs_hook"] = object_pairs_hook
    if parse_float is not None:
        kw["parse_float"] = parse_float
    if parse_int is not None:
        kw["parse_int"] = parse_int
    if parse_constant is not None:
        kw["parse_constant"] = parse_constant
    return cls(**kw).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
         parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize the JSON document read from ``fp.read()``."""
    return loads(fp.read(), cls=cls, object_hook=object_hook,
                 parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)
