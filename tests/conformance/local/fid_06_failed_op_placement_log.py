# An eager op whose kernel fails was placed (and logged) first, declared with the dtype
# of its first input.
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
a = tf.constant([1, 2])
b = tf.constant([1.0, 2.0])
attempts = [
    lambda: tf.add(a, b),
    lambda: a * b,
    lambda: b - a,
    lambda: tf.matmul(tf.ones([2, 2]), tf.ones([2, 2], tf.int32)),
    lambda: tf.matmul(tf.ones([2, 2, 3], tf.int32), tf.ones([2, 3, 4])),
    lambda: tf.add(b, tf.constant([1.0, 2.0, 3.0])),
    lambda: tf.equal(a, tf.constant([1, 2, 3])),
    lambda: tf.maximum(tf.constant([1.0]), tf.constant([2], tf.int64)),
]
for attempt in attempts:
    try:
        attempt()
    except Exception as e:
        print(type(e).__name__, e)
print(a + 1)
