"""`tf.strings` functions TensorFlow writes over its string ops. `lower`, `upper`, `strip`,
`length`, `regex_replace`, `regex_full_match`, `split`, `to_hash_bucket_fast` and
`to_hash_bucket_strong` run the
native ops (`StringLower`, `StaticRegexReplace`, `StringSplitV2`, ...), eagerly and inside a
`tf.function` or `Dataset.map`; splitting a vector gives a `RaggedTensor`, as in TensorFlow.
The others are computed eagerly on the strings' bytes with Python's own string methods, and
say so inside a `tf.function`."""


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


def _string_tensor(input):
    ragged = _ragged()
    if isinstance(input, ragged.RaggedTensor):
        return input
    return tf.convert_to_tensor(input, dtype=tf.string)


def split(input, sep=None, maxsplit=-1, name=None):
    """Splits each string at `sep` (runs of whitespace when `None`): a 1-D tensor for a
    scalar, a `RaggedTensor` with one more dimension otherwise (`StringSplitV2`)."""
    ragged = _ragged()
    input = _string_tensor(input)
    sep = "" if sep is None else sep
    if isinstance(input, ragged.RaggedTensor):
        return input.with_flat_values(split(input.flat_values, sep, maxsplit))
    rank = input.shape.rank
    if rank == 0:
        _, values, _ = tf.raw_ops.StringSplitV2(input=tf.stack([input]), sep=sep,
                                                maxsplit=maxsplit)
        return values
    if rank == 1 or rank is None:
        indices, values, shape = tf.raw_ops.StringSplitV2(input=input, sep=sep,
                                                          maxsplit=maxsplit)
        return ragged.RaggedTensor.from_value_rowids(values, indices[:, 0], nrows=shape[0],
                                                     validate=False)
    return split(ragged.RaggedTensor.from_tensor(input), sep, maxsplit)


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


def _elementwise(op, input, **attrs):
    """A native element-wise string op, mapped over a ragged tensor's values."""
    ragged = _ragged()
    if isinstance(input, ragged.RaggedTensor):
        return input.with_flat_values(_elementwise(op, input.flat_values, **attrs))
    return op(input=tf.convert_to_tensor(input, dtype=tf.string), **attrs)


def lower(input, encoding="", name=None):
    return _elementwise(tf.raw_ops.StringLower, input, encoding=encoding)


def upper(input, encoding="", name=None):
    return _elementwise(tf.raw_ops.StringUpper, input, encoding=encoding)


def strip(input, name=None):
    return _elementwise(tf.raw_ops.StringStrip, input)


def length(input, unit="BYTE", name=None):
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise ValueError(f"Value for attr 'unit' of \"{unit}\" is not in the list of allowed "
                         "values: \"BYTE\", \"UTF8_CHAR\"")
    return _elementwise(tf.raw_ops.StringLength, input, unit=unit)


def _is_text(value):
    return isinstance(value, (str, bytes))


def regex_replace(input, pattern, rewrite, replace_global=True, name=None):
    """`StaticRegexReplace` when `pattern` and `rewrite` are Python strings (RE2 syntax,
    `\\1` for a group), else `RegexReplace`."""
    if _is_text(pattern) and _is_text(rewrite):
        return _elementwise(tf.raw_ops.StaticRegexReplace, input, pattern=pattern,
                            rewrite=rewrite, replace_global=replace_global)
    return _elementwise(tf.raw_ops.RegexReplace, input,
                        pattern=tf.convert_to_tensor(pattern, tf.string),
                        rewrite=tf.convert_to_tensor(rewrite, tf.string),
                        replace_global=replace_global)


def regex_full_match(input, pattern, name=None):
    if _is_text(pattern):
        return _elementwise(tf.raw_ops.StaticRegexFullMatch, input, pattern=pattern)
    return _elementwise(tf.raw_ops.RegexFullMatch, input,
                        pattern=tf.convert_to_tensor(pattern, tf.string))


def to_hash_bucket_fast(input, num_buckets, name=None):
    """Each string's FarmHash fingerprint modulo `num_buckets`."""
    return _elementwise(tf.raw_ops.StringToHashBucketFast, input, num_buckets=num_buckets)


def to_hash_bucket_strong(input, num_buckets, key, name=None):
    """Each string's SipHash-2-4 under `key` (two integers) modulo `num_buckets`."""
    return _elementwise(tf.raw_ops.StringToHashBucketStrong, input, num_buckets=num_buckets,
                        key=key)


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
    """The strings along `axis` (all axes when `None`) joined with `separator`
    (`ReduceJoin`); a ragged tensor's rows joined along its last axis."""
    ragged = _ragged()
    if isinstance(inputs, ragged.RaggedTensor):
        if axis not in (-1, inputs.shape.rank - 1) or inputs.ragged_rank != 1:
            raise NotImplementedError(
                "tf.strings.reduce_join of a RaggedTensor is emulated along its last axis "
                "only.")
        if not tf.executing_eagerly():
            raise NotImplementedError(
                "tf.strings.reduce_join of a RaggedTensor inside a tf.function is not "
                "emulated in this playground yet.")
        sep = _as_bytes(separator)
        rows = [sep.join(row) for row in inputs.to_list()]
        joined = tf.constant(rows, dtype=tf.string, shape=[len(rows)])
        return tf.expand_dims(joined, -1) if keepdims else joined
    inputs = tf.convert_to_tensor(inputs, dtype=tf.string)
    if axis is None:
        axis = list(range(inputs.shape.rank - 1, -1, -1))
    if not tf.is_tensor(axis):
        axis = tf.constant(axis, dtype=tf.int32)
    return tf.raw_ops.ReduceJoin(inputs=inputs, reduction_indices=axis, keep_dims=keepdims,
                                 separator=separator)


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
