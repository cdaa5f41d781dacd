# tf.nn.weighted_cross_entropy_with_logits eagerly, with a broadcast pos_weight, in a tf.function (op names) and its shape error
import numpy as np
import tensorflow as tf
labels = tf.constant([1., 0.5, 0.])
logits = tf.constant([1.5, -0.1, -10.])
print(tf.nn.weighted_cross_entropy_with_logits(labels=labels, logits=logits, pos_weight=tf.constant(1.5)).numpy())
print(tf.nn.weighted_cross_entropy_with_logits(labels, logits, pos_weight=0.5).numpy())
print(tf.nn.weighted_cross_entropy_with_logits(np.ones((2, 3), "float32"), np.zeros((2, 3), "float32"), 2.0))
@tf.function
def f(z, x):
    return tf.nn.weighted_cross_entropy_with_logits(z, x, 3.0, name="wce")
print(f(labels, logits).numpy())
print([op.name for op in f.get_concrete_function(labels, logits).graph.get_operations()][-3:])
try:
    tf.nn.weighted_cross_entropy_with_logits(tf.ones([2]), tf.ones([3]), 1.0)
except ValueError as e:
    print(e)
