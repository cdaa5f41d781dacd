# segment means of integers
import tensorflow as tf
data = tf.constant([5, -8, 7, 2, 3, 4])
seg = tf.constant([0, 0, 1, 1, 1, 3])
print(tf.math.segment_mean(data, seg))
print(tf.math.segment_mean(tf.constant([[1, 2], [4, 7], [9, 9]]), [0, 0, 1]))
try:
    print(tf.math.unsorted_segment_mean(data, seg, 4))
except Exception as e:
    print(type(e).__name__, e)
print(tf.math.segment_mean(tf.constant([1.0, 2.0, 4.0]), [0, 0, 2]))
print(tf.math.l2_normalize(tf.constant([3.0, 4.0])))
