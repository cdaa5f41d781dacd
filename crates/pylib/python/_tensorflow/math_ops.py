"""`tf.linspace` as TensorFlow 2 writes it (`math_ops.linspace_nd`): start and stop
broadcast, `num` evenly spaced values along `axis`, built from the same ops."""

import tensorflow as tf


def linspace(start, stop, num, name=None, axis=0):
    with tf.name_scope(name or "linspace"):
        start = tf.convert_to_tensor(start, name="start")
        stop = tf.convert_to_tensor(stop, name="stop", dtype=start.dtype)
        num_int = tf.convert_to_tensor(num, name="num")
        if not num_int.dtype.is_integer:
            raise TypeError(f"num must be an integer tensor, got {num_int.dtype!r}")
        broadcast_shape = tf.broadcast_dynamic_shape(tf.shape(start), tf.shape(stop))
        start = tf.broadcast_to(start, broadcast_shape)
        stop = tf.broadcast_to(stop, broadcast_shape)
        expanded_start = tf.expand_dims(start, axis=axis)
        expanded_stop = tf.expand_dims(stop, axis=axis)
        shape = tf.shape(expanded_start)
        ndims = tf.shape(shape)[0]
        axis = tf.where(axis >= 0, axis, ndims + axis)
        num_fill = tf.maximum(num_int - 2, 0)
        n_steps = tf.maximum(num_int - 1, 1)
        delta = (expanded_stop - expanded_start) / tf.cast(n_steps, expanded_stop.dtype)
        expanded_start = tf.cast(expanded_start, delta.dtype)
        expanded_stop = tf.cast(expanded_stop, delta.dtype)
        range_end = tf.where(num_int >= 0, n_steps, -1)
        desired_range = tf.cast(tf.range(1, range_end, dtype=tf.int64), delta.dtype)
        mask = tf.equal(axis, tf.range(ndims))
        desired_range_shape = tf.where(mask, num_fill, 1)
        desired_range = tf.reshape(desired_range, desired_range_shape)
        res = expanded_start + delta * desired_range
        concatenated = tf.concat((expanded_start, res, expanded_stop), axis=axis)
        begin = tf.zeros_like(shape)
        size = tf.concat((shape[0:axis], tf.reshape(num_int, [1]), shape[axis + 1:]), axis=0)
        return tf.slice(concatenated, begin, size)
