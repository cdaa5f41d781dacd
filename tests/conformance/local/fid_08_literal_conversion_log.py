# Python values an eager op converts run _EagerConst, after a host Cast for dtypes TensorFlow
# cannot build directly (int8, uint8, int16, bfloat16).
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
base = tf.constant([1, 2])
for dt in [tf.int8, tf.uint8, tf.int16, tf.float16, tf.bfloat16, tf.int64, tf.float64]:
    x = tf.cast(base, dt)
    print("----", dt.name)
    y = x + 1
    print("float literal")
    if dt.is_floating:
        y = x * 2.5
print(tf.cast(base, tf.uint8) / 2, tf.cast(base, tf.int16) - 1, 3 * tf.cast(base, tf.int8))
