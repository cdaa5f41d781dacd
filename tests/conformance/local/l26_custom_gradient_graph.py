# tf.custom_gradient inside tf.function (tape and tf.gradients), with variables, in a TF1 graph, in a Keras layer
import tensorflow as tf

@tf.custom_gradient
def clip_gradients(y):
  def backward(dy):
    return tf.clip_by_norm(dy, 0.5)
  return y, backward

@tf.custom_gradient
def log1pexp(x):
  e = tf.exp(x)
  def grad(upstream):
    return upstream * (1 - 1 / (1 + e))
  return tf.math.log(1 + e), grad

v = tf.Variable(2.0)

@tf.function
def step():
  with tf.GradientTape() as t:
    output = clip_gradients(v * v)
  return t.gradient(output, v)
print(step())

@tf.function
def f(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    y = log1pexp(x)
  return y, tape.gradient(y, x)
print(f(tf.constant(100.)))
print(f(tf.constant([0., 1., 2.])))

# tf.gradients in a tf.function
@tf.function
def g(x):
  y = log1pexp(x) * 3.0
  return tf.gradients(y, x)
print(g(tf.constant(1.0)))

# variables inside
w = tf.Variable(3.0)
@tf.custom_gradient
def scale(x):
  def grad(dy, variables=None):
    return dy * w, [dy * x * 10.0]
  return x * w, grad

@tf.function
def h(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    y = scale(x)
  return tape.gradient(y, [x, w])
print(h(tf.constant(2.0)))

# TF1 graph
g1 = tf.Graph()
with g1.as_default():
  x = tf.compat.v1.placeholder(tf.float32, [None])
  y = log1pexp(x)
  dy = tf.gradients(y, x)[0]
  print(dy.op.name, y.op.type)
  with tf.compat.v1.Session() as sess:
    print(sess.run(dy, {x: [0.0, 5.0]}))

# Keras layer with custom gradient inside fit
@tf.custom_gradient
def grad_reverse(x):
  def grad(dy):
    return -dy
  return tf.identity(x), grad

class GradReverse(tf.keras.layers.Layer):
  def call(self, x):
    return grad_reverse(x)

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4), GradReverse(), tf.keras.layers.Dense(1)])
model.compile(optimizer='sgd', loss='mse')
import numpy as np
xs = np.arange(24, dtype=np.float32).reshape(8, 3) / 10
ys = np.ones((8, 1), np.float32)
h = model.fit(xs, ys, epochs=2, verbose=0)
print([round(l, 4) for l in h.history['loss']])
