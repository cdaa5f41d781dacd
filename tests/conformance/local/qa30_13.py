# Common errors users hit: shape and dtype mismatches, caught and printed
import tensorflow as tf
import numpy as np

a = tf.ones([2, 3])
b = tf.ones([2, 3])
try:
    tf.matmul(a, b)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, "|", e.message)

try:
    tf.constant([1, 2]) + tf.constant([1.0, 2.0])
except Exception as e:
    print(type(e).__name__, "|", e)

try:
    tf.reshape(tf.range(10), [3, 3])
except Exception as e:
    print(type(e).__name__, "|", str(e).splitlines()[0])

try:
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
    model(np.zeros((1, 5), dtype="float32"))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])

try:
    v = tf.Variable(1.0)
    v.assign(tf.constant(1))
except Exception as e:
    print(type(e).__name__, "|", str(e).splitlines()[0])
