# new type promotion: weak tensors and the lattice in 'all' and 'safe' modes
import tensorflow as tf
import numpy as np
import tensorflow.experimental.numpy as tnp
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
a = tf.constant(5)
print(a)
print(repr(a), type(a))
b = tf.constant([5.0, 10.0, 3])
print(repr(b))
print(repr(tf.constant(5, tf.int32)))
print(repr(tf.math.abs([100.0, 4.0])))
print(repr(a + 1), repr(a + 1.5), repr(a + tf.constant(2, tf.int8)))
print(repr(tf.constant(1, tf.int64) + tf.constant(3.2, tf.float16)))
print(repr(tf.add(np.array(1, np.int8), tf.constant(1))))
print(repr(tf.constant(10, tf.int8) + tf.constant(5, tf.uint32)))
print(repr(a * 2), repr(-a), repr(tf.square(a)), repr(tf.reduce_sum(b)))
print(repr(tf.constant(3.0) + tf.constant(1.0, tf.float64)))
print(isinstance(a, tf.Tensor), a.dtype, a.shape, a.numpy())
v = tf.Variable(1.0)
print(repr(v + a))
print(repr(tf.matmul([[1.0]], [[2.0]])))
print(repr(tf.constant(7) // 2), repr(a > 3))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="safe")
try:
    tf.constant(10, tf.int32) + tf.constant(5.0)
except TypeError as e:
    print(e)
print(repr(tf.constant(10, tf.int32) + 5), repr(tf.constant(1.5, tf.float16) + 2.5))
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="legacy")
print(repr(tf.constant(5)), repr(tf.constant(5) + 1.0) if False else "")
