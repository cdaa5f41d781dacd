# unsigned integer dtypes uint16/uint32/uint64: construction, printing, arithmetic, casts
import tensorflow as tf
import numpy as np
for dt in [tf.uint16, tf.uint32, tf.uint64]:
    t = tf.constant([1, 2, 65535], dtype=dt)
    print(t)
    print(repr(t), t.dtype.min, t.dtype.max, t.dtype.size, t.dtype.is_unsigned)
    print(t + t, t * 2, t - 1)
    print(tf.cast(t, tf.float32), tf.cast(tf.constant([-1, 3]), dt))
    print(t.numpy(), repr(t.numpy()))
    print(tf.reduce_sum(t), tf.reduce_max(t))
    print(t // 2, t % 3, t < 3, tf.maximum(t, 2))
print(tf.constant(2**64 - 1, tf.uint64))
print(np.array([1, 2], np.uint32) + np.uint32(4000000000))
print(repr(np.arange(4, dtype=np.uint16)), np.uint64(7))
print(tf.constant(np.array([3, 4], np.uint32)))
print(tf.reshape(tf.range(6, dtype=tf.int32), [2, 3]))
x = tf.constant([7, 8], tf.uint32)

print(tf.zeros([2], tf.uint64), tf.ones([2], tf.uint16), tf.fill([2], tf.constant(5, tf.uint32)))
print(tf.concat([x, x], 0), tf.gather(x, [1, 0]), tf.stack([x, x]))
print(x / x)
try:
    print(tf.constant(-1, tf.uint32))
except Exception as e:
    print(type(e).__name__, e)
