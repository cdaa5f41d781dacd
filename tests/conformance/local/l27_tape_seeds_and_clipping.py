# GradientTape: output_gradients, a target that is a source, ops with no registered
# gradient; tf.clip_by_norm / clip_by_global_norm / global_norm.
import tensorflow as tf
image = tf.Variable([[[0.5, 0.0, 0.0]]])
delta = tf.Variable(0.1)
with tf.GradientTape() as tape:
  new_image = tf.image.adjust_contrast(image, delta)
print(new_image)
try:
  print(tape.gradient(new_image, [image, delta]))
except LookupError as e: print("LE", e)
v0 = tf.Variable(2.0)
with tf.GradientTape() as tape:
  result = v0
print(tape.gradient(result, v0))
with tf.GradientTape() as tape:
  tape.watch(v0)
  result = v0
print(tape.gradient(result, v0))
x = tf.constant(3.0)
with tf.GradientTape() as tape:
  tape.watch(x)
print(tape.gradient(x, x))
with tf.GradientTape() as tape:
  pass
print(tape.gradient(v0, v0))
x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
  y = x * x
print(tape.gradient(y, x, output_gradients=tf.constant([10.0, 100.0])))
with tf.GradientTape(persistent=True) as tape:
  y1 = x * 3.0
  y2 = x * x
print(tape.gradient([y1, y2], x, output_gradients=[None, tf.constant([1.0, -1.0])]))
try:
  tape.gradient([y1, y2], x, output_gradients=[tf.constant([1.0, -1.0])])
except Exception as e:
  print(type(e).__name__, e)

t = tf.constant([[3.0, 4.0], [0.0, 0.0]])
print(tf.clip_by_norm(t, 2.0))
print(tf.clip_by_norm(t, 2.0, axes=[1]))
clipped, norm = tf.clip_by_global_norm([t, None, tf.constant([12.0])], 5.0)
print(clipped, norm)
print(tf.linalg.global_norm([t, tf.constant([12.0])]))
