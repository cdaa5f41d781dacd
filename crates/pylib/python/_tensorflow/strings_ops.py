"""`tf.strings` functions TensorFlow writes over its string ops (`split`, `lower`,
`regex_replace`, `unicode_split`, ...), computed eagerly on the strings' bytes with Python's
own string methods. Splitting a vector gives a `RaggedTensor`, as in TensorFlow. Inside a
`tf.function` these are not emulated yet and say so."""

import re

import numpy as np
import tensorflow as tf


def _values(input, what):
    if not tf.executing_eagerly():
        raise NotImplementedError(
            f"tf.strings.{what} inside a tf.function (or a tf.data map) is not emulated in "
            "this playground yet; apply it eagerly.")
    tensor = tf.convert_to_tensor(input, dtype=tf.string)
    value = tensor.numpy()
    if isinstance(value, bytes):
        return tensor, _Strings([value], ())
    return tensor, _Strings(value.reshape(-1).tolist(), tuple(value.shape))


class _Strings:
    """A string tensor's values: flat, with its shape."""

    def __init__(self, flat, shape):
        self.flat = flat
        self.shape = shape
        self.ndim = len(shape)

    def item(self):
        return self.flat[0]

    def rows(self):
        """The values as nested lists of the tensor's shape."""
        def build(offset, dims):
            if not dims:
                return self.flat[offset]
            step = 1
            for d in dims[1:]:
                step *= d
            return [build(offset + i * step, dims[1:]) for i in range(dims[0])]
        return build(0, list(self.shape))


def _as_bytes(value):
    return value.encode("utf-8") if isinstance(value, str) else value


def _map(input, what, fn, dtype=tf.string):
    tensor, values = _values(input, what)
    flat = [fn(v) for v in values.flat]
    out = tf.constant(flat, dtype=dtype, shape=[len(flat)])
    return tf.reshape(out, tf.shape(tensor))


def _ragged():
    from _tensorflow import ragged
    return ragged


def split(input, sep=None, maxsplit=-1, name=None):
    """Splits each string at `sep` (runs of whitespace when `None`): a 1-D tensor for a
    scalar, a `RaggedTensor` with one more dimension otherwise."""
    tensor, values = _values(input, "split")
    sep = _as_bytes(sep) if sep is not None else None

    def parts(value):
        if sep is None:
            return value.split(None, maxsplit) if maxsplit >= 0 else value.split()
        if sep == b"":
            raise ValueError("empty separator")
        return value.split(sep, maxsplit) if maxsplit >= 0 else value.split(sep)

    if values.ndim == 0:
        return tf.constant(parts(values.item()), dtype=tf.string)
    rows = [parts(v) for v in values.flat]
    if values.ndim == 1:
        return _ragged().constant(rows, dtype=tf.string)
    raise NotImplementedError("tf.strings.split of a tensor of rank > 1 is not emulated yet.")


def bytes_split(input, name=None):
    tensor, values = _values(input, "bytes_split")
    if values.ndim == 0:
        data = values.item()
        return tf.constant([data[i:i + 1] for i in range(len(data))], dtype=tf.string,
                           shape=[len(data)])
    return _ragged().constant([[v[i:i + 1] for i in range(len(v))] for v in values.flat],
                              dtype=tf.string)


def _decode(value, encoding, errors):
    return value.decode(encoding, "replace" if errors == "replace" else "strict")


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):
    tensor, values = _values(input, "unicode_split")

    def chars(value):
        return [c.encode(input_encoding) for c in _decode(value, input_encoding, errors)]

    if values.ndim == 0:
        items = chars(values.item())
        return tf.constant(items, dtype=tf.string, shape=[len(items)])
    return _ragged().constant([chars(v) for v in values.flat], dtype=tf.string)


def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533,
                   replace_control_characters=False, name=None):
    tensor, values = _values(input, "unicode_decode")

    def points(value):
        return [ord(c) for c in _decode(value, input_encoding, errors)]

    if values.ndim == 0:
        items = points(values.item())
        return tf.constant(items, dtype=tf.int32, shape=[len(items)])
    return _ragged().constant([points(v) for v in values.flat], dtype=tf.int32)


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533,
                   name=None):
    ragged = _ragged()
    if isinstance(input, ragged.RaggedTensor):
        rows = input.to_list()
        return tf.constant(["".join(chr(c) for c in row).encode(output_encoding)
                            for row in rows], dtype=tf.string)
    codes = tf.convert_to_tensor(input).numpy().tolist()
    if codes and isinstance(codes[0], list):
        return tf.constant(["".join(chr(c) for c in row).encode(output_encoding)
                            for row in codes], dtype=tf.string)
    return tf.constant("".join(chr(c) for c in codes).encode(output_encoding))


def lower(input, encoding="", name=None):
    return _map(input, "lower", lambda v: v.lower() if not encoding else
                v.decode(encoding).lower().encode(encoding))


def upper(input, encoding="", name=None):
    return _map(input, "upper", lambda v: v.upper() if not encoding else
                v.decode(encoding).upper().encode(encoding))


def strip(input, name=None):
    return _map(input, "strip", lambda v: v.strip())


def length(input, unit="BYTE", name=None):
    if unit == "UTF8_CHAR":
        return _map(input, "length", lambda v: len(v.decode("utf-8")), dtype=tf.int32)
    return _map(input, "length", len, dtype=tf.int32)


def _pattern(pattern):
    # RE2 and Python's `re` agree on the patterns tutorials use; `\\$` group references
    # in the rewrite are `\\1` in both.
    return re.compile(_as_bytes(pattern))


def regex_replace(input, pattern, rewrite, replace_global=True, name=None):
    compiled = _pattern(pattern)
    rewrite = _as_bytes(rewrite)
    return _map(input, "regex_replace",
                lambda v: compiled.sub(rewrite, v, count=0 if replace_global else 1))


def regex_full_match(input, pattern, name=None):
    compiled = _pattern(pattern)
    return _map(input, "regex_full_match", lambda v: compiled.fullmatch(v) is not None,
                dtype=tf.bool)


def substr(input, pos, len, unit="BYTE", name=None):  # noqa: A002
    return _map(input, "substr", lambda v: v[pos:pos + len])


def join(inputs, separator="", name=None):
    """Joins the strings of `inputs` (same shapes, or scalars) element by element."""
    arrays = [_values(x, "join")[1] for x in inputs]
    sep = _as_bytes(separator)
    shape = max((a.shape for a in arrays), key=len)
    count = max(len(a.flat) for a in arrays)
    joined = [sep.join(a.flat[i if len(a.flat) > 1 else 0] for a in arrays)
              for i in range(count)]
    if not shape:
        return tf.constant(joined[0])
    return tf.reshape(tf.constant(joined, dtype=tf.string, shape=[count]), shape)


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    tensor, values = _values(inputs, "reduce_join")
    sep = _as_bytes(separator)
    if axis is None:
        return tf.constant(sep.join(values.flat))
    if values.ndim == 1:
        out = tf.constant(sep.join(values.flat))
        return tf.reshape(out, [1]) if keepdims else out
    rows = values.rows()
    if axis in (-1, values.ndim - 1) and values.ndim == 2:
        out = tf.constant([sep.join(row) for row in rows], dtype=tf.string)
        return tf.expand_dims(out, -1) if keepdims else out
    if axis == 0 and values.ndim == 2:
        out = tf.constant([sep.join(col) for col in zip(*rows)], dtype=tf.string)
        return tf.expand_dims(out, 0) if keepdims else out
    raise NotImplementedError("tf.strings.reduce_join over this axis is not emulated yet.")


def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="",
              name=None):
    tensor = tf.convert_to_tensor(input)
    if not tf.executing_eagerly():
        raise NotImplementedError(
            "tf.strings.as_string inside a tf.function is not emulated in this playground yet.")
    values = np.asarray(tensor.numpy())

    def text(v):
        if tensor.dtype.is_floating:
            if precision >= 0:
                s = f"{float(v):.{precision}{'e' if scientific else 'f'}}"
            elif shortest:
                s = f"{float(v):g}"
            else:
                s = f"{float(v):{'e' if scientific else 'f'}}"
        elif tensor.dtype == tf.bool:
            s = "true" if v else "false"
        else:
            s = str(int(v))
        if width > 0:
            s = s.rjust(width, fill or " ")
        return s.encode()

    flat = [text(v) for v in values.reshape(-1)]
    return tf.reshape(tf.constant(flat, dtype=tf.string, shape=[len(flat)]), tf.shape(tensor))
