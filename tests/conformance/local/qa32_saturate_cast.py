# tf.saturate_cast clamps to the target dtype's range before casting: floats past int32/uint8/int8 limits (infinities too), float64 to float32/float16, ints to narrower ints and to floats
import numpy as np
import tensorflow as tf
x = tf.constant([-1e10, -300.0, -1.5, 0.0, 2.7, 300.0, 1e10, float("inf"), -float("inf")])
print(tf.saturate_cast(x, tf.int32))
print(tf.saturate_cast(x, tf.uint8))
print(tf.dtypes.saturate_cast(x, tf.int8))
print(tf.saturate_cast(tf.constant([1e300, -1e300, 1.5], tf.float64), tf.float32))
print(tf.saturate_cast(tf.constant([1e10, 70000.0], tf.float64), tf.float16))
print(tf.saturate_cast(tf.constant([-5, 100, 300, 70000], tf.int32), tf.uint8))
print(tf.saturate_cast(tf.constant([2**40, -2**40], tf.int64), tf.int32))
print(tf.saturate_cast(tf.constant([3, -4], tf.int64), tf.float32))
print(tf.saturate_cast(np.array([3.9e9, -1.0]), tf.int64))
print(tf.saturate_cast([1.5, 2.5], "int32"))
import tensorflow as tf
print(tf.saturate_cast(tf.constant([3, -4], tf.int64), tf.int64))
print(tf.saturate_cast(tf.constant([3, -4], tf.int64), tf.float64))
print(tf.saturate_cast(tf.constant([3, -4], tf.int32), tf.float16))
print(tf.saturate_cast(tf.constant([3, -4], tf.int32), tf.int64))
