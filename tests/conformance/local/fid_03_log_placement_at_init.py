# The placer prints by the log_device_placement setting the context was initialised with:
# turning it off later changes nothing; Python values an op converts run _EagerConst.
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
a = tf.constant([1, 2])
print("off")
tf.debugging.set_log_device_placement(False)
b = tf.cast(a, tf.float32) * 2.0
print(b)
print("on again")
tf.debugging.set_log_device_placement(True)
c = tf.cast(a, tf.int64) + 1
print(c)
print(tf.cast(a, tf.float64) / 4.0)
print(tf.constant([3, 4]) / tf.constant([2, 2]))
print(tf.multiply(tf.constant([1.5]), 2.0), tf.subtract(5, tf.constant([1, 2])))
