"""`tf.sparse` and `tf.SparseTensor`: a tensor stored as the indices of its non-default
values, those values and its dense shape, as TensorFlow's composite holds them. Conversions
and reductions run on dense ops (`ScatterNd`, `Where`, `GatherNd`), so the values are
TensorFlow's; the graph shows those ops rather than TensorFlow's `SparseToDense`."""

import tensorflow as tf


class SparseTensor:
    """`tf.sparse.SparseTensor(indices, values, dense_shape)`."""

    __module__ = "tensorflow.python.framework.sparse_tensor"

    def __init__(self, indices, values, dense_shape):
        self._indices = tf.convert_to_tensor(indices, dtype=tf.int64, name="indices")
        self._values = tf.convert_to_tensor(values, name="values")
        self._dense_shape = tf.convert_to_tensor(dense_shape, dtype=tf.int64,
                                                 name="dense_shape")
        for what, tensor, rank in (("indices", self._indices, 2), ("values", self._values, 1),
                                   ("dense_shape", self._dense_shape, 1)):
            if tensor.shape.rank is not None and tensor.shape.rank != rank:
                raise ValueError(f"Shape {tensor.shape} must have rank {rank}")

    @classmethod
    def from_value(cls, value):
        if isinstance(value, SparseTensor):
            return value
        return cls(value.indices, value.values, value.dense_shape)

    @property
    def indices(self):
        return self._indices

    @property
    def values(self):
        return self._values

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self):
        if tf.executing_eagerly():
            return tf.TensorShape([int(d) for d in self._dense_shape.numpy()])
        return tf.TensorShape([None] * (self._dense_shape.shape[0] or 0))

    def get_shape(self):
        return self.shape

    def with_values(self, new_values):
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def __repr__(self):
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (
            self._indices, self._values, self._dense_shape)

    __str__ = __repr__

    def __mul__(self, other):
        return self.with_values(self._values * _at_indices(other, self))

    def __neg__(self):
        return self.with_values(-self._values)


def _at_indices(dense, sp):
    dense = tf.convert_to_tensor(dense, dtype=sp.dtype)
    if dense.shape.rank == 0:
        return dense
    return tf.gather_nd(tf.broadcast_to(dense, sp.dense_shape), sp.indices)


def to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    """The dense tensor: `default_value` (0) everywhere but at the indices."""
    dense = tf.scatter_nd(sp_input.indices, sp_input.values, sp_input.dense_shape)
    if default_value is None or default_value == 0:
        return dense
    present = tf.scatter_nd(sp_input.indices, tf.ones_like(sp_input.values, dtype=tf.bool),
                            sp_input.dense_shape)
    fill = tf.fill(tf.cast(sp_input.dense_shape, tf.int32),
                   tf.constant(default_value, dtype=sp_input.dtype))
    return tf.where(present, dense, fill)


def from_dense(tensor, name=None):
    """The non-zero values of `tensor`, in row-major order."""
    tensor = tf.convert_to_tensor(tensor)
    indices = tf.where(tf.not_equal(tensor, tf.zeros_like(tensor)))
    values = tf.gather_nd(tensor, indices)
    return SparseTensor(indices, values, tf.shape(tensor, out_type=tf.int64))


def reorder(sp_input, name=None):
    """The same tensor with its entries in row-major order of their indices."""
    if not tf.executing_eagerly():
        raise NotImplementedError(
            "tf.sparse.reorder inside a tf.function is not emulated in this playground yet.")
    indices = sp_input.indices.numpy().tolist()
    order = sorted(range(len(indices)), key=lambda i: indices[i])
    return SparseTensor(tf.gather(sp_input.indices, order), tf.gather(sp_input.values, order),
                        sp_input.dense_shape)


def reduce_sum(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    return tf.reduce_sum(to_dense(sp_input), axis=axis, keepdims=bool(keepdims))


def reduce_max(sp_input, axis=None, keepdims=None, output_is_sparse=False, name=None):
    """The largest present value along `axis`: implicit zeros take no part, and a group
    with no present value is 0, as TensorFlow's SparseReduceMax fills its output."""
    keepdims = bool(keepdims)
    present = tf.scatter_nd(sp_input.indices, tf.ones_like(sp_input.values, dtype=tf.bool),
                            sp_input.dense_shape)
    lowest = tf.fill(tf.cast(sp_input.dense_shape, tf.int32),
                     tf.constant(sp_input.dtype.min, dtype=sp_input.dtype))
    dense = tf.where(present, to_dense(sp_input), lowest)
    largest = tf.reduce_max(dense, axis=axis, keepdims=keepdims)
    any_present = tf.reduce_any(present, axis=axis, keepdims=keepdims)
    return tf.where(any_present, largest, tf.zeros_like(largest))


def sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    return tf.matmul(to_dense(sp_a), b, transpose_a=adjoint_a, transpose_b=adjoint_b)


matmul = sparse_dense_matmul


def add(a, b, threshold=0):
    if isinstance(a, SparseTensor) and isinstance(b, SparseTensor):
        return from_dense(to_dense(a) + to_dense(b))
    if isinstance(a, SparseTensor):
        return to_dense(a) + b
    return a + to_dense(b)


def retain(sp_input, to_retain):
    keep = tf.where(to_retain)[:, 0]
    return SparseTensor(tf.gather(sp_input.indices, keep), tf.gather(sp_input.values, keep),
                        sp_input.dense_shape)


def to_indicator(sp_input, vocab_size, name=None):
    raise NotImplementedError("tf.sparse.to_indicator is not emulated in this playground yet.")


def slice(sp_input, start, size, name=None):  # noqa: A001 - TensorFlow's name
    """The entries within `[start, start + size)`, re-indexed from `start`."""
    start = tf.constant(start, dtype=tf.int64)
    size = tf.constant(size, dtype=tf.int64)
    end = tf.minimum(start + size, sp_input.dense_shape)
    inside = tf.reduce_all(tf.logical_and(sp_input.indices >= start, sp_input.indices < end),
                           axis=1)
    keep = tf.where(inside)[:, 0]
    return SparseTensor(tf.gather(sp_input.indices, keep) - start,
                        tf.gather(sp_input.values, keep), end - start)


def eye(num_rows, num_columns=None, dtype=tf.float32, name=None):
    num_columns = num_rows if num_columns is None else num_columns
    n = min(num_rows, num_columns)
    indices = [[i, i] for i in range(n)]
    return SparseTensor(tf.constant(indices, dtype=tf.int64, shape=[n, 2]),
                        tf.ones([n], dtype=dtype), [num_rows, num_columns])


SparseTensorValue = SparseTensor


def concat(axis, sp_inputs, expand_nonconcat_dims=False, concat_dim=None,
           expand_nonconcat_dim=None, name=None):
    """The inputs side by side along `axis`: each one's indices shifted by the sizes
    before it, the entries in row-major order."""
    if concat_dim is not None:
        axis = concat_dim
    sp_inputs = [SparseTensor.from_value(sp) for sp in sp_inputs]
    rank = int(sp_inputs[0].dense_shape.shape[0])
    axis = axis + rank if axis < 0 else axis
    shapes = [sp.dense_shape for sp in sp_inputs]
    if expand_nonconcat_dims or expand_nonconcat_dim:
        widest = tf.reduce_max(tf.stack(shapes), axis=0)
        shapes = [tf.tensor_scatter_nd_update(widest, [[axis]], [shape[axis]])
                  for shape in shapes]
    offset = tf.constant(0, dtype=tf.int64)
    indices, values = [], []
    for sp, shape in zip(sp_inputs, shapes):
        shift = tf.one_hot(axis, rank, on_value=offset, off_value=tf.constant(0, tf.int64),
                           dtype=tf.int64)
        indices.append(sp.indices + shift)
        values.append(sp.values)
        offset = offset + shape[axis]
    dense_shape = tf.tensor_scatter_nd_update(shapes[0], [[axis]], [offset])
    result = SparseTensor(tf.concat(indices, 0), tf.concat(values, 0), dense_shape)
    return reorder(result) if axis != 0 else result


def transpose(sp_input, perm=None, name=None):
    """The tensor with its dimensions permuted (reversed by default), entries reordered."""
    rank = int(sp_input.dense_shape.shape[0])
    perm = list(range(rank))[::-1] if perm is None else list(perm)
    indices = tf.gather(sp_input.indices, perm, axis=1)
    dense_shape = tf.gather(sp_input.dense_shape, perm)
    return reorder(SparseTensor(indices, sp_input.values, dense_shape))


def map_values(op, *args, **kwargs):
    """`op` applied to the values of the sparse arguments (which must share their
    indices); other arguments are passed as they are."""
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = sparse[0]
    for other in sparse[1:]:
        if tf.executing_eagerly() and not (
                bool(tf.reduce_all(tf.equal(tf.shape(other.indices), tf.shape(first.indices))))
                and bool(tf.reduce_all(tf.equal(other.indices, first.indices)))):
            raise tf.errors.InvalidArgumentError(
                None, None, "Inputs must have identical indices.")

    def values_of(a):
        return a.values if isinstance(a, SparseTensor) else a

    result = op(*[values_of(a) for a in args],
                **{key: values_of(value) for key, value in kwargs.items()})
    return SparseTensor(first.indices, result, first.dense_shape)
