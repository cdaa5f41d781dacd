# Gradients through tf.function calls made under a GradientTape (TF's function gradients):
# watched inputs, captured variables, repeated calls, several outputs, a module's __call__.
import tensorflow as tf

v = tf.Variable(3.0)
@tf.function
def f(x):
  return x * x * v

x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  y = f(x)
  z = f(y) + f(x)
print(tape.gradient(y, x), tape.gradient(y, v))
print(tape.gradient(z, [x, v]))

class Dense(tf.Module):
  def __init__(self, n_in, n_out):
    self.w = tf.Variable(tf.reshape(tf.range(n_in * n_out, dtype=tf.float32) / 10.0, [n_in, n_out]), name="w")
    self.b = tf.Variable(tf.ones([n_out]), name="b")
  @tf.function
  def __call__(self, x):
    return tf.nn.relu(tf.matmul(x, self.w) + self.b)

layer = Dense(3, 2)
data = tf.constant([[1.0, -2.0, 0.5], [0.3, 0.2, -0.1]])
for step in range(3):
  with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(layer(data) - 1.0))
  grads = tape.gradient(loss, [layer.w, layer.b])
  for var, g in zip([layer.w, layer.b], grads):
    var.assign_sub(0.1 * g)
  print(step, loss.numpy(), [g.numpy().round(4).tolist() for g in grads])

@tf.function
def two(a, b):
  return a * b, a + b

a = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
  p, s = two(a, tf.constant([3.0, 4.0]))
  total = tf.reduce_sum(p) + tf.reduce_sum(s * s)
print(tape.gradient(total, a))
