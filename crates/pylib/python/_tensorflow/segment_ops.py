"""The segment reductions (`tf.math.segment_sum`, `tf.math.unsorted_segment_max`, ...):
row `i` of the result reduces the rows of `data` whose segment id is `i`. TensorFlow has a
kernel per reduction; here each is written with the scatter ops (`ScatterNd` sums
duplicates, `TensorScatterMax`/`Min` keep the extreme), which give the same values and
gradients. Empty segments get what TensorFlow gives them: 0 for the sums and the sorted
reductions, the dtype's lowest (highest) finite value for `unsorted_segment_max` (`min`), 1 for
products."""

import tensorflow as tf


def _prepare(data, segment_ids, num_segments):
    data = tf.convert_to_tensor(data, name="data")
    segment_ids = tf.convert_to_tensor(segment_ids, name="segment_ids")
    if segment_ids.dtype not in (tf.int32, tf.int64):
        raise TypeError(
            f"Value passed to parameter 'segment_ids' has DataType {segment_ids.dtype.name} "
            "not in list of allowed values: int32, int64")
    ids_rank = segment_ids.shape.rank
    num_segments = tf.cast(tf.convert_to_tensor(num_segments), tf.int32)
    inner = tf.shape(data)[ids_rank:]
    shape = tf.concat([tf.reshape(num_segments, [1]), inner], 0)
    indices = tf.expand_dims(segment_ids, -1)
    return data, segment_ids, indices, shape


def _counts(data, indices, shape):
    ones = tf.ones(tf.shape(indices)[:-1], data.dtype)
    counts = tf.scatter_nd(indices, ones, shape[:1])
    inner_rank = data.shape.rank - (indices.shape.rank - 1)
    return tf.reshape(counts, tf.concat([shape[:1], tf.ones([inner_rank], tf.int32)], 0))


def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    data, _, indices, shape = _prepare(data, segment_ids, num_segments)
    return tf.scatter_nd(indices, data, shape)


def _extreme(data, segment_ids, num_segments, highest):
    data, _, indices, shape = _prepare(data, segment_ids, num_segments)
    start = data.dtype.min if highest else data.dtype.max
    base = tf.fill(shape, tf.constant(start, data.dtype))
    scatter = tf.tensor_scatter_nd_max if highest else tf.tensor_scatter_nd_min
    return scatter(base, indices, data)


def unsorted_segment_max(data, segment_ids, num_segments, name=None):
    return _extreme(data, segment_ids, num_segments, True)


def unsorted_segment_min(data, segment_ids, num_segments, name=None):
    return _extreme(data, segment_ids, num_segments, False)


def unsorted_segment_mean(data, segment_ids, num_segments, name=None):
    data, _, indices, shape = _prepare(data, segment_ids, num_segments)
    total = tf.scatter_nd(indices, data, shape)
    return total / tf.maximum(_counts(data, indices, shape), tf.ones([], data.dtype))


def unsorted_segment_sqrt_n(data, segment_ids, num_segments, name=None):
    data, _, indices, shape = _prepare(data, segment_ids, num_segments)
    total = tf.scatter_nd(indices, data, shape)
    counts = tf.maximum(_counts(data, indices, shape), tf.ones([], data.dtype))
    return total / tf.sqrt(counts)


def unsorted_segment_prod(data, segment_ids, num_segments, name=None):
    data, _, indices, shape = _prepare(data, segment_ids, num_segments)
    # A product as the exponential of summed logarithms would lose signs and zeros: the
    # rows are multiplied in one at a time instead, in segment order.
    result = tf.ones(shape, data.dtype)
    flat_ids = tf.reshape(indices, [-1, 1])
    rows = tf.reshape(data, tf.concat([[-1], shape[1:]], 0))
    for i in range(int(tf.shape(flat_ids)[0])):
        index = flat_ids[i:i + 1]
        current = tf.gather_nd(result, index)
        result = tf.tensor_scatter_nd_update(result, index, current * rows[i:i + 1])
    return result


def _num_sorted_segments(segment_ids):
    segment_ids = tf.convert_to_tensor(segment_ids)
    if tf.size(segment_ids) == 0:
        return tf.constant(0, tf.int32)
    return tf.cast(segment_ids[-1], tf.int32) + 1


def segment_sum(data, segment_ids, name=None):
    return unsorted_segment_sum(data, segment_ids, _num_sorted_segments(segment_ids))


def segment_mean(data, segment_ids, name=None):
    """The mean of each segment's rows; integers are divided as `SegmentMean`'s kernel
    divides them, truncating toward zero and keeping their dtype (the unsorted mean, a
    Python composition, divides them as floats)."""
    data = tf.convert_to_tensor(data, name="data")
    if data.dtype.is_floating:
        return unsorted_segment_mean(data, segment_ids, _num_sorted_segments(segment_ids))
    data, _, indices, shape = _prepare(data, segment_ids, _num_sorted_segments(segment_ids))
    total = tf.scatter_nd(indices, data, shape)
    counts = tf.maximum(_counts(data, indices, shape), tf.ones([], data.dtype))
    return tf.where(total < 0, -((-total) // counts), total // counts)


def segment_prod(data, segment_ids, name=None):
    return unsorted_segment_prod(data, segment_ids, _num_sorted_segments(segment_ids))


def _sorted_extreme(data, segment_ids, highest):
    data = tf.convert_to_tensor(data)
    num = _num_sorted_segments(segment_ids)
    result = _extreme(data, segment_ids, num, highest)
    _, _, indices, shape = _prepare(data, segment_ids, num)
    present = _counts(data, indices, shape) > 0
    return tf.where(present, result, tf.zeros_like(result))


def segment_max(data, segment_ids, name=None):
    return _sorted_extreme(data, segment_ids, True)


def segment_min(data, segment_ids, name=None):
    return _sorted_extreme(data, segment_ids, False)
