# tf.Variable: sliced assign, scatter_nd_* methods, constraint
import tensorflow as tf
import numpy as np

v = tf.Variable([1.0, 2.0, 3.0], name="my_var")
print(v)
print(v.name, v.dtype, v.shape, v.trainable)
v.assign([4.0, 5.0, 6.0])
v.assign_add([1.0, 1.0, 1.0])
v.assign_sub(tf.constant([0.5, 0.5, 0.5]))
print(v.numpy())
v[0].assign(100.0)
print(v.numpy())
v.scatter_nd_update([[1]], [-1.0])
print(v.numpy())
print((v * 2).numpy(), tf.reduce_sum(v).numpy())
counter = tf.Variable(0, trainable=False, dtype=tf.int64)
for _ in range(3):
    counter.assign_add(1)
print(counter.numpy(), counter.trainable)
m = tf.Variable(tf.zeros((2, 2)))
m[0, 1].assign(5.0)
print(m.numpy())
print(tf.convert_to_tensor(v).numpy())
print(np.asarray(v) + 1)
w = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = w * w + 2 * w
print(tape.gradient(y, w).numpy())
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x ** 3
    z = tf.sin(x)
print(tape.gradient(y, x).numpy(), round(float(tape.gradient(z, x)), 5))
del tape
try:
    v.assign([1.0, 2.0])
except Exception as e:
    print("error:", type(e).__name__)
u = tf.Variable(1.0, constraint=lambda t: tf.clip_by_value(t, 0., 0.5))
print(u.constraint is not None)
print(isinstance(v, tf.Variable))
