import tensorflow as tf
import numpy as np
with tf.device("/GPU:0"):
    a = tf.constant([[1.0, 2.0]])
b = tf.matmul(a, tf.transpose(a))
print(b, np.array([1, 2]))
@tf.function
def f(x):
    return x * 2
print(f(tf.ones([2])))
ds = tf.data.Dataset.range(5).map(lambda x: x + 1).batch(2)
print(list(ds.as_numpy_iterator()))
