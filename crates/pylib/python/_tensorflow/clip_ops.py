"""`tf.clip_by_norm`, `tf.clip_by_global_norm` and `tf.linalg.global_norm` as TensorFlow
writes them (`clip_ops.py`): the same ops in the same order, so clipped values match."""

import numbers

import tensorflow as tf


def clip_by_norm(t, clip_norm, axes=None, name=None):
    with tf.name_scope(name or "clip_by_norm") as scope:
        values = tf.convert_to_tensor(t, name="t")
        if isinstance(clip_norm, numbers.Number):
            clip_norm = max(clip_norm, 0)
        else:
            clip_norm = tf.cast(tf.maximum(clip_norm, 0), dtype=values.dtype)
        l2sum = tf.reduce_sum(values * values, axes, keepdims=True)
        pred = l2sum > 0
        # The two-tap `where` keeps NaN gradients out for an all-zero tensor.
        l2sum_safe = tf.where(pred, l2sum, tf.ones_like(l2sum))
        l2norm = tf.where(pred, tf.sqrt(l2sum_safe), l2sum)
        intermediate = values * clip_norm
        values.shape.assert_is_compatible_with(intermediate.shape)
        return tf.identity(intermediate / tf.maximum(l2norm, clip_norm),
                           name=scope.rstrip("/") or None)


def global_norm(t_list, name=None):
    if not isinstance(t_list, (list, tuple)):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    with tf.name_scope(name or "global_norm"):
        values = [tf.convert_to_tensor(t, name="t_%d" % i) if t is not None else t
                  for i, t in enumerate(t_list)]
        half_squared_norms = [tf.nn.l2_loss(v) for v in values if v is not None]
        half_squared_norm = tf.reduce_sum(tf.stack(half_squared_norms))
        return tf.sqrt(half_squared_norm * tf.constant(2.0, dtype=half_squared_norm.dtype),
                       name="global_norm")


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    if not isinstance(t_list, (list, tuple)) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    t_list = list(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list, name)
    with tf.name_scope(name or "clip_by_global_norm") as scope:
        scale_for_finite = clip_norm * tf.minimum(
            1.0 / use_norm, tf.constant(1.0, dtype=use_norm.dtype) / clip_norm)
        # A no-op for a finite norm; NaN for inf/-inf/NaN.
        scale = scale_for_finite + (use_norm - use_norm)
        values = [tf.convert_to_tensor(t, name="t_%d" % i) if t is not None else t
                  for i, t in enumerate(t_list)]
        prefix = scope.rstrip("/")
        clipped = [None if v is None else
                   tf.identity(v * tf.cast(scale, v.dtype), name="%s_%d" % (prefix, i))
                   for i, v in enumerate(values)]
    return clipped, use_norm
