# tf.custom_gradient eagerly: one and several outputs, variables= gradients, a wrong count
import tensorflow as tf

@tf.custom_gradient
def clip_gradients(y):
  def backward(dy):
    return tf.clip_by_norm(dy, 0.5)
  return y, backward

v = tf.Variable(2.0)
with tf.GradientTape() as t:
  output = clip_gradients(v * v)
print(t.gradient(output, v))

@tf.custom_gradient
def log1pexp(x):
  e = tf.exp(x)
  def grad(upstream):
    return upstream * (1 - 1 / (1 + e))
  return tf.math.log(1 + e), grad

x = tf.constant(100.)
with tf.GradientTape() as tape:
  tape.watch(x)
  y = log1pexp(x)
print(y, tape.gradient(y, x))

w = tf.Variable([1.0, 2.0])
@tf.custom_gradient
def scaled(x):
  out = x * w
  def grad(dy, variables=None):
    return dy * w * 10.0, [dy * x * 100.0]
  return out, grad
x = tf.constant([3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  z = tf.reduce_sum(scaled(x) ** 2)
print(tape.gradient(z, [x, w]))

@tf.custom_gradient
def two_out(a, b):
  def grad(d1, d2):
    return d1 + d2, d1 - d2
  return (a * 1.0, b * 1.0), grad
a = tf.constant(1.0); b = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
  tape.watch([a, b])
  p, q = two_out(a, b)
  s = 3 * p + 5 * q
print(tape.gradient(s, [a, b]), tape.gradient(p, [a, b]))

@tf.custom_gradient
def bad(x):
  return x * 2, lambda dy: (dy, dy)
with tf.GradientTape() as tape:
  tape.watch(x)
  r = bad(x)
try:
  tape.gradient(r, x)
except ValueError as e:
  print(e)
