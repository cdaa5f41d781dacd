# Gradients of a matmul whose batch dimensions broadcast (Dense on 3-D inputs) are summed back to each input; Variable.assign checks shapes
import tensorflow as tf
x = tf.reshape(tf.range(60, dtype=tf.float32), (3,4,5)) / 10; w = tf.Variable(tf.reshape(tf.range(10, dtype=tf.float32), (5,2)))
with tf.GradientTape() as t: y = tf.reduce_sum(tf.matmul(x, w) ** 2)
print(t.gradient(y, w).numpy().round(2))
@tf.function
def g(x):
  with tf.GradientTape() as t: y = tf.reduce_sum(tf.matmul(x, w) ** 2)
  return t.gradient(y, w)
print(g(x).numpy().round(2))
a = tf.Variable(tf.ones((2,1,3,4))); b = tf.Variable(tf.reshape(tf.range(24, dtype=tf.float32), (3,4,2)))
with tf.GradientTape() as t: y = tf.reduce_sum(tf.matmul(a, b))
ga, gb = t.gradient(y, [a, b])
print(ga.shape, gb.shape, gb[0])
import keras
keras.utils.set_random_seed(1)
m = keras.Sequential([keras.Input((4, 8)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)])
m.compile("adam", "mse")
import numpy as np
rng = np.random.default_rng(0)
X = rng.random((16, 4, 8)).astype("float32"); Y = rng.random((16, 4, 1)).astype("float32")
print([round(v, 5) for v in m.fit(X, Y, epochs=3, batch_size=8, verbose=0, shuffle=False).history["loss"]])
print(m(np.zeros((3, 4, 8))).shape)
v = tf.Variable([1., 2., 3.])
try:
  v.assign([1., 2.])
except Exception as e:
  print(type(e).__name__, e)
