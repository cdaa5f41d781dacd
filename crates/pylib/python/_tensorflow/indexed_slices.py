"""`tf.IndexedSlices`: the gradient of a gather (an embedding lookup) as rows for the
indices read. It converts to the dense tensor (`unsorted_segment_sum`, as TensorFlow's
conversion function does), so ops that take it see the summed gradient."""

import tensorflow as tf


class IndexedSlices:
    """Rows `values` of a tensor of `dense_shape`, at `indices`."""

    __module__ = "tensorflow.python.framework.indexed_slices"

    def __init__(self, values, indices, dense_shape=None):
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape

    @property
    def values(self):
        return self._values

    @property
    def indices(self):
        return self._indices

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def device(self):
        return self._values.device

    @property
    def name(self):
        return self._values.name

    @property
    def shape(self):
        if self._dense_shape is None:
            return tf.TensorShape(None)
        return tf.TensorShape([int(d) for d in self._dense_shape.numpy()])

    def __tf_tensor__(self, dtype=None, name=None):
        if self._dense_shape is None:
            raise ValueError(
                f"Tensor conversion requested for IndexedSlices without dense_shape: {self}")
        dense = tf.math.unsorted_segment_sum(self._values, self._indices,
                                             self._dense_shape[0])
        return dense if dtype is None else tf.cast(dense, dtype)

    def __neg__(self):
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    def __repr__(self):
        shape = "" if self._dense_shape is None else ", dense_shape=%s" % (self._dense_shape,)
        return "IndexedSlices(indices=%s, values=%s%s)" % (self._indices, self._values, shape)

    __str__ = __repr__
