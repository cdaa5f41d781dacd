# weak tensors through tf.function, variables, iteration and reductions in 'all' mode
import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp
tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
x = tf.constant([1, 2, 3])
y = x * 2.5
print(y)
print(tf.constant([1, 2, 3], tf.int64) * 2.5)
@tf.function
def f(a):
    return a + 1
print(f(tf.constant(2.0)))
print(tf.reduce_mean(x), tf.reduce_sum(tf.constant([1.5, 2.5], tf.float16)))
print(np.array([1, 2]) + tf.constant(1))
z = tf.Variable([1.0, 2.0])
z.assign_add([1, 1])
print(z)
try:
    tf.Variable(1).assign(2.5)
except TypeError as e:
    print("TypeError:", e)
print(tf.maximum(x, 2), tf.square(3.0), x[0] + 1)
print(tf.matmul(tf.constant([[1.0, 2.0]]), [[3.0], [4.0]]))
for t in tf.constant([1, 2]):
    print(t)
