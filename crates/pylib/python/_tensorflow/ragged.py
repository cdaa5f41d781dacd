"""`tf.ragged` and `tf.RaggedTensor`: rows of different lengths, stored as TensorFlow
stores them: the rows' values concatenated (`values`, itself ragged for more ragged
dimensions) and where each row starts (`row_splits`, int64). Element-wise operators and the
element-wise `tf` functions map over the flat values, as TensorFlow's ragged dispatch does.
Building and padding (`tf.ragged.constant`, `to_tensor`) run eagerly."""

import numpy as np
import tensorflow as tf

_py_range = range  # `range` is `tf.ragged.range` below


def _eager_only(what):
    if not tf.executing_eagerly():
        raise NotImplementedError(
            f"{what} inside a tf.function is not emulated in this playground yet; "
            "build ragged tensors eagerly.")


class RaggedTensor:
    """A tensor whose rows may have different lengths."""

    __module__ = "tensorflow.python.ops.ragged.ragged_tensor"

    def __init__(self, values, row_splits):
        self._values = values
        self._row_splits = row_splits

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        if not isinstance(values, RaggedTensor):
            values = tf.convert_to_tensor(values)
        row_splits = tf.convert_to_tensor(row_splits, dtype=tf.int64)
        if validate and tf.executing_eagerly():
            splits = row_splits.numpy().tolist()
            if not splits or splits[0] != 0:
                raise tf.errors.InvalidArgumentError(
                    None, None, "Arguments to from_row_splits do not form a valid "
                    "RaggedTensor:zero")
            if any(b < a for a, b in zip(splits, splits[1:])):
                raise tf.errors.InvalidArgumentError(
                    None, None, "Arguments to from_row_splits do not form a valid "
                    "RaggedTensor:monotonic")
            if splits[-1] != _nrows_of(values):
                raise tf.errors.InvalidArgumentError(
                    None, None, "Arguments to from_row_splits do not form a valid "
                    "RaggedTensor:nvals")
        return cls(values, row_splits)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        lengths = tf.convert_to_tensor(row_lengths, dtype=tf.int64)
        splits = tf.concat([tf.zeros([1], tf.int64), tf.cumsum(lengths)], axis=0)
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        starts = tf.convert_to_tensor(row_starts, dtype=tf.int64)
        total = tf.constant([_nrows_of(values)], dtype=tf.int64)
        return cls.from_row_splits(values, tf.concat([starts, total], axis=0),
                                   validate=validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        limits = tf.convert_to_tensor(row_limits, dtype=tf.int64)
        return cls.from_row_splits(values, tf.concat([tf.zeros([1], tf.int64), limits],
                                                     axis=0), validate=validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        if not tf.executing_eagerly():
            rowids = tf.cast(value_rowids, tf.int64)
            if nrows is None:
                nrows = tf.reduce_max(tf.concat([rowids, [-1]], 0)) + 1
            rows = tf.range(tf.cast(nrows, tf.int64), dtype=tf.int64)
            hits = tf.equal(tf.expand_dims(rows, 1), tf.expand_dims(rowids, 0))
            lengths = tf.reduce_sum(tf.cast(hits, tf.int64), axis=1)
            return cls.from_row_lengths(values, lengths, validate=False)
        rowids = [int(r) for r in np.asarray(value_rowids).reshape(-1)]
        count = int(nrows) if nrows is not None else (rowids[-1] + 1 if rowids else 0)
        lengths = [0] * count
        for r in rowids:
            lengths[r] += 1
        return cls.from_row_lengths(values, lengths, validate=validate)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None,
                               validate=True):
        result = flat_values
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None,
                                validate=True):
        result = flat_values
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None,
                    row_splits_dtype=tf.int64):
        _eager_only("RaggedTensor.from_tensor")
        array = np.asarray(tf.convert_to_tensor(tensor).numpy())
        rows = []
        for i, row in enumerate(array):
            row = list(row)
            if lengths is not None:
                row = row[:int(np.asarray(lengths)[i])]
            elif padding is not None:
                pad = np.asarray(padding)
                while row and np.all(np.asarray(row[-1]) == pad):
                    row.pop()
            rows.append(row)
        return constant([[np.asarray(v).tolist() for v in row] for row in rows],
                        dtype=tf.as_dtype(array.dtype) if array.dtype != object else tf.string,
                        ragged_rank=1)

    # ---- properties ---------------------------------------------------------------------

    @property
    def values(self):
        return self._values

    @property
    def row_splits(self):
        return self._row_splits

    @property
    def flat_values(self):
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values.values
        return values

    @property
    def nested_row_splits(self):
        splits = [self._row_splits]
        values = self._values
        while isinstance(values, RaggedTensor):
            splits.append(values.row_splits)
            values = values.values
        return tuple(splits)

    @property
    def ragged_rank(self):
        return 1 + (self._values.ragged_rank if isinstance(self._values, RaggedTensor) else 0)

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def row_splits_dtype(self):
        return tf.int64

    @property
    def shape(self):
        nrows = self._row_splits.shape[0]
        nrows = None if nrows is None else nrows - 1
        inner = self._values.shape
        return tf.TensorShape([nrows, None] + list(inner[1:]))

    def get_shape(self):
        return self.shape

    # ---- as a composite (tf.function arguments and results) ------------------------------

    def _tf_flatten_composite(self):
        """`(trace key, components, rebuild, component specs)`: a `tf.function` takes a
        ragged tensor as its flat values and row splits, traced (as TensorFlow's
        `RaggedTensorSpec`) with the number of rows known and the values' length not."""
        splits = list(self.nested_row_splits)
        flat = self.flat_values
        key = (f"RaggedTensorSpec(TensorShape({self.shape.as_list()}), tf.{self.dtype.name}, "
               f"{self.ragged_rank}, tf.int64)")
        specs = [tf.TensorSpec([None] + flat.shape.as_list()[1:], flat.dtype)]
        specs.append(tf.TensorSpec(splits[0].shape, tf.int64))
        specs += [tf.TensorSpec([None], tf.int64) for _ in splits[1:]]
        return key, [flat] + splits, _from_components, specs

    def nrows(self, out_type=tf.int64, name=None):
        return tf.cast(tf.shape(self._row_splits)[0] - 1, out_type)

    def row_lengths(self, axis=1, name=None):
        return self._row_splits[1:] - self._row_splits[:-1]

    def row_starts(self, name=None):
        return self._row_splits[:-1]

    def row_limits(self, name=None):
        return self._row_splits[1:]

    def value_rowids(self, name=None):
        if not tf.executing_eagerly():
            # Each value's row: how many rows end at or before it.
            count = tf.shape(self._values, out_type=tf.int64)[0]
            positions = tf.expand_dims(tf.range(count, dtype=tf.int64), 1)
            ended = positions >= tf.expand_dims(self._row_splits[1:], 0)
            return tf.reduce_sum(tf.cast(ended, tf.int64), axis=1)
        lengths = self.row_lengths().numpy().tolist()
        return tf.constant([i for i, n in enumerate(lengths) for _ in _py_range(n)],
                           dtype=tf.int64)

    def bounding_shape(self, axis=None, name=None, out_type=tf.int64):
        _eager_only("RaggedTensor.bounding_shape")
        dims = list(np.shape(_padded(self.to_list(), self.dtype)))
        dims = [len(self.to_list())] + dims[1:] if dims else [0]
        shape = tf.constant(dims, dtype=out_type)
        return shape if axis is None else shape[axis]

    # ---- values -------------------------------------------------------------------------

    def to_list(self):
        _eager_only("RaggedTensor.to_list")
        splits = self._row_splits.numpy().tolist()
        if isinstance(self._values, RaggedTensor):
            inner = self._values.to_list()
        else:
            inner = self._values.numpy().tolist()
        return [inner[a:b] for a, b in zip(splits, splits[1:])]

    def numpy(self):
        rows = self.to_list()
        out = np.empty(len(rows), dtype=object)
        for i, row in enumerate(rows):
            out[i] = np.array(row)
        return out

    def to_tensor(self, default_value=None, name=None, shape=None):
        if not tf.executing_eagerly():
            return self._to_tensor_in_graph(default_value, shape)
        if default_value is None:
            default_value = b"" if self.dtype == tf.string else 0
        padded = _padded(self.to_list(), self.dtype, default_value)
        result = tf.constant(padded, dtype=self.dtype)
        if shape is not None:
            dims = [d for d in tf.TensorShape(shape).as_list()]
            have = result.shape.as_list()
            begin = [0] * len(have)
            size = [h if d is None else min(d, h) for d, h in zip(dims, have)]
            result = tf.slice(result, begin, size)
            pads = [[0, 0 if d is None else max(d - h, 0)] for d, h in zip(dims, have)]
            result = tf.pad(result, pads, constant_values=default_value)
        return result

    def _to_tensor_in_graph(self, default_value, shape):
        """`to_tensor` as graph ops: each value scattered to (its row, its place in the
        row), the rest `default_value`; the width is the longest row's, or `shape`'s."""
        if isinstance(self._values, RaggedTensor) or self._values.shape.rank != 1:
            raise NotImplementedError(
                "RaggedTensor.to_tensor inside a tf.function is emulated for one ragged "
                "dimension of scalars only.")
        splits = self._row_splits
        nrows = tf.shape(splits, out_type=tf.int64)[0] - 1
        lengths = splits[1:] - splits[:-1]
        width = tf.reduce_max(tf.concat([lengths, tf.zeros([1], tf.int64)], 0))
        dims = tf.TensorShape(shape).as_list() if shape is not None else [None, None]
        if dims[-1] is not None:
            width = tf.constant(dims[-1], tf.int64)
        if dims[0] is not None:
            nrows = tf.constant(dims[0], tf.int64)
        rowids = self.value_rowids()
        place = tf.range(tf.shape(self._values, out_type=tf.int64)[0]) - tf.gather(splits, rowids)
        kept = tf.logical_and(place < width, rowids < nrows)
        indices = tf.boolean_mask(tf.stack([rowids, place], axis=1), kept)
        values = tf.boolean_mask(self._values, kept)
        dense_shape = tf.stack([nrows, width])
        result = tf.scatter_nd(indices, values, dense_shape)
        if default_value is not None:
            default = tf.convert_to_tensor(default_value, dtype=self.dtype)
            filled = tf.scatter_nd(indices, tf.ones_like(values, dtype=tf.bool), dense_shape)
            result = tf.where(filled, result, default)
        return result

    def with_values(self, new_values):
        return RaggedTensor(new_values, self._row_splits)

    def with_flat_values(self, new_values):
        if isinstance(self._values, RaggedTensor):
            return RaggedTensor(self._values.with_flat_values(new_values), self._row_splits)
        return RaggedTensor(new_values, self._row_splits)

    def merge_dims(self, outer_axis, inner_axis):
        if (outer_axis, inner_axis) in ((0, 1), (0, -1)) and self.ragged_rank == 1:
            return self._values
        raise NotImplementedError("RaggedTensor.merge_dims is emulated for (0, 1) only.")

    # ---- Python protocol ----------------------------------------------------------------

    def _rows_text(self):
        """The rows as TensorFlow prints them: NumPy's layout of the row arrays, each
        element shown by its `str`, 75 columns wide."""
        splits = self._row_splits.numpy().tolist()
        if isinstance(self._values, RaggedTensor):
            inner = self._values._rows_text()
        else:
            inner = [_element_text(v) for v in self._values.numpy()]
        return [_layout(inner[a:b]) for a, b in zip(splits, splits[1:])]

    def _eager_text(self):
        """`RaggedTensor.numpy()` laid out as NumPy does: rows of equal lengths make a
        matrix, one row per line; other rows a vector of row arrays."""
        splits = self._row_splits.numpy().tolist()
        lengths = {b - a for a, b in zip(splits, splits[1:])}
        if len(lengths) == 1 and not isinstance(self._values, RaggedTensor) and \
                self._values.shape.rank == 1:
            values = [_element_text(v) for v in self._values.numpy()]
            rows = [_layout(values[a:b], width=74, indent="  ")
                    for a, b in zip(splits, splits[1:])]
            return "[" + ",\n ".join(rows) + "]"
        return _layout(self._rows_text())

    def __repr__(self):
        if tf.executing_eagerly():
            return f"<tf.RaggedTensor {self._eager_text()}>"
        return f"tf.RaggedTensor(values={self._values}, row_splits={self._row_splits})"

    __str__ = __repr__

    def __len__(self):
        return int(self._row_splits.shape[0]) - 1

    def __iter__(self):
        for i in _py_range(len(self)):
            yield self[i]

    def __getitem__(self, key):
        if isinstance(key, int):
            n = len(self)
            if key < 0:
                key += n
            start, stop = self._row_splits[key], self._row_splits[key + 1]
            if isinstance(self._values, RaggedTensor):
                splits = self._values.row_splits[start:stop + 1]
                values = _slice_rows(self._values.values, splits[0], splits[-1])
                return RaggedTensor(values, splits - splits[0])
            return self._values[start:stop]
        if isinstance(key, slice):
            splits = self._row_splits[key.start:(None if key.stop is None else key.stop + 1)] \
                if key.step in (None, 1) else None
            if splits is None:
                raise NotImplementedError("strided row slices of a RaggedTensor")
            values = _slice_rows(self._values, splits[0], splits[-1])
            return RaggedTensor(values, splits - splits[0])
        if isinstance(key, tuple) and len(key) == 2 and key[0] == slice(None) and \
                isinstance(key[1], int) and tf.executing_eagerly():
            rows = self.to_list()
            return tf.constant([row[key[1]] for row in rows], dtype=self.dtype)
        raise NotImplementedError(f"RaggedTensor indexing with {key!r} is not emulated yet.")

    def _map(self, fn, other=None):
        if other is None:
            return self.with_flat_values(fn(self.flat_values))
        if isinstance(other, RaggedTensor):
            return self.with_flat_values(fn(self.flat_values, other.flat_values))
        return self.with_flat_values(fn(self.flat_values, other))

    def __add__(self, other):
        return self._map(tf.add, other)

    def __radd__(self, other):
        return self._map(lambda a, b: tf.add(b, a), other)

    def __sub__(self, other):
        return self._map(tf.subtract, other)

    def __rsub__(self, other):
        return self._map(lambda a, b: tf.subtract(b, a), other)

    def __mul__(self, other):
        return self._map(tf.multiply, other)

    def __rmul__(self, other):
        return self._map(lambda a, b: tf.multiply(b, a), other)

    def __truediv__(self, other):
        return self._map(tf.truediv, other)

    def __pow__(self, other):
        return self._map(tf.pow, other)

    def __neg__(self):
        return self._map(tf.negative)

    def __abs__(self):
        return self._map(tf.abs)

    def __eq__(self, other):
        return self._map(tf.equal, other)

    def __ne__(self, other):
        return self._map(tf.not_equal, other)

    def __lt__(self, other):
        return self._map(tf.less, other)

    def __gt__(self, other):
        return self._map(tf.greater, other)

    __hash__ = None


def _element_text(value):
    if getattr(value, "ndim", 0) > 0:
        return _layout([_element_text(v) for v in value])
    return str(value)


def _extend_line(text, line, word, width, indent):
    """NumPy's `_extendLine_pretty`: `word` (perhaps of several lines) added to `line`,
    which is first moved to `text` when the word would pass `width`."""
    words = word.split("\n")
    longest = max(len(w) for w in words)
    if len(line) + longest > width and len(line) > len(indent):
        text += line.rstrip() + "\n"
        line = indent
    if len(words) == 1:
        return text, line + word
    hang = " " * len(line)
    line += words[0]
    for w in words[1:]:
        text += line.rstrip() + "\n"
        line = hang + w
    line += " " * (longest - len(words[-1]))
    return text, line


def _layout(words, separator=", ", width=75, indent=" "):
    """NumPy's `_formatArray` for a vector of already formatted elements (continuation
    lines start with `indent`)."""
    if not words:
        return "[]"
    element_width = width - max(len(separator.rstrip()), 1)
    text, line = "", indent
    for word in words[:-1]:
        text, line = _extend_line(text, line, word, element_width, indent)
        line += separator
    text, line = _extend_line(text, line, words[-1], element_width, indent)
    text += line
    return "[" + text[len(indent):] + "]"


def _nrows_of(values):
    if isinstance(values, RaggedTensor):
        return len(values)
    dim = values.shape[0] if values.shape.rank else None
    return int(tf.shape(values)[0]) if dim is None else dim


def _slice_rows(values, start, stop):
    if isinstance(values, RaggedTensor):
        splits = values.row_splits[start:stop + 1]
        return RaggedTensor(_slice_rows(values.values, splits[0], splits[-1]),
                            splits - splits[0])
    return values[start:stop]


def _padded(rows, dtype, default=0):
    """Nested lists padded to rectangles with `default`."""
    def max_shape(x, level):
        if not isinstance(x, list):
            return []
        inner = [max_shape(v, level + 1) for v in x]
        width = len(x)
        deeper = []
        for s in inner:
            for i, d in enumerate(s):
                if i < len(deeper):
                    deeper[i] = max(deeper[i], d)
                else:
                    deeper.append(d)
        return [width] + deeper

    shape = max_shape(rows, 0)

    def pad(x, dims):
        if not dims:
            return x
        items = [pad(v, dims[1:]) for v in x]
        filler = default
        for d in reversed(dims[1:]):
            filler = [filler] * d
        return items + [filler] * (dims[0] - len(items))

    return pad(rows, shape)


# ---- tf.ragged ------------------------------------------------------------------------------


def _scalar_depth(pylist):
    """How deep the scalars sit (the nesting of the first scalar found)."""
    def walk(x, level):
        if isinstance(x, (list, tuple)):
            for v in x:
                found = walk(v, level + 1)
                if found is not None:
                    return found
            return None
        return level
    return walk(pylist, 0)


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None,
             row_splits_dtype=tf.int64):
    """A `RaggedTensor` from nested Python lists."""
    _eager_only("tf.ragged.constant")
    if isinstance(pylist, np.ndarray):
        pylist = pylist.tolist()
    depth = _scalar_depth(pylist)
    if depth is None:
        depth = 1
        while True:
            probe = pylist
            for _ in _py_range(depth):
                probe = probe[0] if probe else None
            if isinstance(probe, (list, tuple)):
                depth += 1
            else:
                break
    if depth == 0:
        raise ValueError("pylist must be a list (or tuple) of values")
    if inner_shape is not None:
        inner_rank = len(inner_shape)
    elif ragged_rank is not None:
        inner_rank = depth - 1 - ragged_rank
    else:
        inner_rank = 0
    if ragged_rank is None:
        ragged_rank = max(depth - 1 - inner_rank, 1 if depth > 1 else 0)
    if ragged_rank < 0 or (depth > 1 and ragged_rank >= depth):
        raise ValueError(f"Invalid pylist={pylist!r}: incompatible with ragged_rank="
                         f"{ragged_rank}")

    def flatten(x, levels):
        splits_per_level = []
        current = list(x)
        for _ in _py_range(levels):
            splits = [0]
            nxt = []
            for row in current:
                nxt.extend(row)
                splits.append(len(nxt))
            splits_per_level.append(splits)
            current = nxt
        return current, splits_per_level

    flat, splits = flatten(pylist, ragged_rank)
    values = tf.constant(flat, dtype=dtype) if flat or dtype is not None else \
        tf.constant(flat, dtype=tf.float32)
    if inner_shape is not None and flat:
        values = tf.reshape(values, [-1] + list(inner_shape))
    result = values
    for level_splits in reversed(splits):
        result = RaggedTensor(result, tf.constant(level_splits, dtype=row_splits_dtype))
    return result


def constant_value(pylist, dtype=None, ragged_rank=None, inner_shape=None,
                   row_splits_dtype="int64"):
    return constant(pylist, dtype, ragged_rank, inner_shape)


def map_flat_values(op, *args, **kwargs):
    ragged = [a for a in list(args) + list(kwargs.values()) if isinstance(a, RaggedTensor)]
    if not ragged:
        return op(*args, **kwargs)
    like = ragged[0]
    flat_args = [a.flat_values if isinstance(a, RaggedTensor) else a for a in args]
    flat_kwargs = {k: v.flat_values if isinstance(v, RaggedTensor) else v
                   for k, v in kwargs.items()}
    return like.with_flat_values(op(*flat_args, **flat_kwargs))


def range(starts, limits=None, deltas=1, dtype=None, name=None,  # noqa: A001
          row_splits_dtype=tf.int64):
    """Row `i` is `range(starts[i], limits[i], deltas[i])`."""
    _eager_only("tf.ragged.range")
    if limits is None:
        starts, limits = 0, starts
    parts = [np.asarray(v).reshape(-1).tolist() for v in (starts, limits, deltas)]
    count = max(len(p) for p in parts)
    parts = [p * count if len(p) == 1 else p for p in parts]
    rows = [list(_py_range(int(a), int(b), int(c))) for a, b, c in zip(*parts)]
    return constant(rows, dtype=dtype or tf.int32)


def stack(values, axis=0, name=None):
    _eager_only("tf.ragged.stack")
    rows = []
    for v in values:
        rows.append(v.to_list() if isinstance(v, RaggedTensor) else
                    tf.convert_to_tensor(v).numpy().tolist())
    return constant(rows)


def boolean_mask(data, mask, name=None):
    _eager_only("tf.ragged.boolean_mask")
    data_rows = data.to_list() if isinstance(data, RaggedTensor) else \
        tf.convert_to_tensor(data).numpy().tolist()
    mask_rows = mask.to_list() if isinstance(mask, RaggedTensor) else \
        tf.convert_to_tensor(mask).numpy().tolist()
    if mask_rows and isinstance(mask_rows[0], list):
        return constant([[v for v, m in zip(row, mrow) if m]
                         for row, mrow in zip(data_rows, mask_rows)])
    return constant([row for row, m in zip(data_rows, mask_rows) if m])


def _dispatch(module, name):
    """`module.name` applied to a `RaggedTensor` maps over its flat values."""
    original = getattr(module, name, None)
    if original is None or getattr(original, "_ragged_dispatch", False):
        return

    def dispatched(x, *args, **kwargs):
        if isinstance(x, RaggedTensor):
            return x.with_flat_values(original(x.flat_values, *args, **kwargs))
        return original(x, *args, **kwargs)

    dispatched._ragged_dispatch = True
    dispatched.__name__ = name
    setattr(module, name, dispatched)


for _name in ("abs", "cast", "exp", "log", "negative", "round", "sqrt", "square", "sign",
              "floor", "ceil", "sigmoid", "tanh"):
    _dispatch(tf, _name)
    _dispatch(tf.math, _name)
for _name in ("to_number",):
    _dispatch(tf.strings, _name)


def _from_components(components):
    """A ragged tensor from its flat values and nested row splits (a traced function's
    parameters or results)."""
    return RaggedTensor.from_nested_row_splits(components[0], components[1:], validate=False)
