# Nested tapes inside tf.function: second derivative and a gradient penalty (Tile gradient in a graph)
import tensorflow as tf
x = tf.Variable(1.0)
@tf.function
def f():
  with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
      y = x * x * x
    dy = t1.gradient(y, x)
  return dy, t2.gradient(dy, x)
print(f())

w = tf.Variable([[0.5, -0.3], [0.2, 0.8]])
@tf.function
def gp(inp):
  with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
      inner.watch(inp)
      out = tf.reduce_sum(tf.nn.relu(tf.matmul(inp, w)) ** 2)
    g = inner.gradient(out, inp)
    penalty = tf.reduce_mean((tf.norm(g, axis=1) - 1.0) ** 2)
  return penalty, outer.gradient(penalty, w)
print(gp(tf.constant([[1.0, 2.0], [3.0, -1.0]])))
