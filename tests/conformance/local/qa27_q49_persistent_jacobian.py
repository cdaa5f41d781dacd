# Q&A-style program (q49_persistent_jacobian) written as users write them, recorded from TF 2.21
import tensorflow as tf

x = tf.Variable([1.0, 2.0, 3.0])
w = tf.constant([[1.0, 0.5], [0.0, -1.0], [2.0, 1.0]])

with tf.GradientTape(persistent=True) as tape:
    y = x * x
    z = tf.reduce_sum(y)
    u = tf.matmul(tf.expand_dims(x, 0), w)
    s = tf.sin(x)

print("dz/dx:", tape.gradient(z, x).numpy())
print("dy/dx (summed):", tape.gradient(y, x).numpy())
print("jacobian y:", tape.jacobian(y, x).numpy())
print("jacobian u:", tape.jacobian(u, x).numpy().shape)
print(tape.jacobian(u, x).numpy()[0])
print("ds/dx:", tape.gradient(s, x).numpy())
del tape

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as t:
    t.watch(a)
    b = a ** 3
print("batch_jacobian:", t.batch_jacobian(b, a).numpy().tolist())

v = tf.Variable(2.0)
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        f = v ** 3
    df = inner.gradient(f, v)
d2f = outer.gradient(df, v)
print("f'(2) =", df.numpy(), "f''(2) =", d2f.numpy())

c = tf.Variable(1.0)
with tf.GradientTape() as t2:
    r = tf.constant(5.0) * 2
print(t2.gradient(r, c))
with tf.GradientTape() as t3:
    k = tf.cast(c, tf.int32) * 2
print(t3.gradient(k, c))
with tf.GradientTape() as t4:
    q = tf.stop_gradient(c * 3) + c * c
print(t4.gradient(q, c).numpy())
with tf.GradientTape(watch_accessed_variables=False) as t5:
    t5.watch(c)
    o = c * 4.0
print(t5.gradient(o, c).numpy())
g = tf.Variable([[0.0, 1.0]])
with tf.GradientTape() as t6:
    loss = tf.reduce_sum(tf.nn.softmax(g) * tf.constant([[1.0, 3.0]]))
print(t6.gradient(loss, g).numpy())
with tf.GradientTape() as t7:
    t7.watch(a)
    m = tf.reduce_max(a)
print(t7.gradient(m, a, unconnected_gradients=tf.UnconnectedGradients.ZERO).numpy())
try:
    with tf.GradientTape() as t8:
        z8 = c * c
    t8.gradient(z8, c)
    t8.gradient(z8, c)
except RuntimeError as e:
    print("RuntimeError:", e)
