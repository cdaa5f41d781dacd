# tf.custom_gradient traced in a tf.function, differentiated by an eager tape (gradient function closing over forward tensors)
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
f1 = tf.function(lambda x: clip_gradients(x))
with tf.GradientTape() as t:
  output = f1(v * v)
print(t.gradient(output, v))

f2 = tf.function(lambda x: log1pexp(x) * 2.0)
x = tf.constant([0., 1., 2.])
with tf.GradientTape() as t:
  t.watch(x)
  y = f2(x)
print(t.gradient(y, x))
