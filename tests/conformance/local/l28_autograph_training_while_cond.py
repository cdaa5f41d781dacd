# autograph: training loops inside tf.function, datasets, tf.while_loop and tf.cond directly
import tensorflow as tf

w = tf.Variable(2.0)
b = tf.Variable(0.5)

@tf.function
def train(xs, ys, steps):
  for _ in tf.range(steps):
    with tf.GradientTape() as tape:
      loss = tf.reduce_mean((w * xs + b - ys) ** 2)
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
  return loss

xs = tf.constant([1.0, 2.0, 3.0, 4.0])
ys = 3.0 * xs - 1.0
print(train(xs, ys, tf.constant(50)).numpy())
print(w.numpy(), b.numpy())

ds = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(2)

@tf.function
def total(ds):
  s = tf.constant(0.0)
  for x, y in ds:
    s += tf.reduce_sum(x * y)
  return s

print(total(ds))

i = tf.constant(0)
c = lambda i: tf.less(i, 10)
body = lambda i: (tf.add(i, 1),)
print(tf.while_loop(c, body, [i]))

@tf.function
def loop_fn(n):
  return tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + i), (0, 0))

print(loop_fn(tf.constant(5)))

@tf.function
def cond_fn(x):
  return tf.cond(x > 0, lambda: (x, x * 2), lambda: (-x, x * 3))

print(cond_fn(tf.constant(4)))
print(cond_fn(tf.constant(-4)))

v = tf.Variable(0)
@tf.function
def counter(n):
  while v < n:
    v.assign_add(1)
  return v.read_value()
print(counter(tf.constant(7)))

@tf.function
def max_iter():
  return tf.while_loop(lambda x: x < 100, lambda x: x * 2, [1], maximum_iterations=3)
print(max_iter())
