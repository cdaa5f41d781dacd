# Higher-order gradients with nested eager tapes, jacobians and batch jacobians
import numpy as np
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = x * x * x + tf.sin(x)
    dy = t1.gradient(y, x)
d2y = t2.gradient(dy, x)
print(dy, round(float(d2y), 4))

# Three levels.
x = tf.constant(1.5)
with tf.GradientTape() as t3:
    t3.watch(x)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = tf.exp(x) * x ** 3
        g1 = t1.gradient(y, x)
    g2 = t2.gradient(g1, x)
g3 = t3.gradient(g2, x)
print(round(float(g1), 3), round(float(g2), 3), round(float(g3), 3))

# A gradient penalty: the norm of the input gradient, differentiated by the weights.
tf.random.set_seed(0)
w = tf.Variable(tf.random.normal([3, 2]))
b = tf.Variable(tf.zeros([2]))
inp = tf.random.normal([4, 3])
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        inner.watch(inp)
        out = tf.nn.tanh(tf.matmul(inp, w) + b)
        score = tf.reduce_sum(out ** 2)
    gi = inner.gradient(score, inp)
    penalty = tf.reduce_mean((tf.norm(gi, axis=1) - 1.0) ** 2)
gw, gb = outer.gradient(penalty, [w, b])
print(round(float(penalty), 5))
print(np.round(gw.numpy(), 5))
print(np.round(gb.numpy(), 4))

# output_gradients and a persistent outer tape.
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as outer:
    with tf.GradientTape() as inner:
        z = v * v
    gz = inner.gradient(z, v, output_gradients=tf.constant([1.0, 0.5, 2.0]))
    s = tf.reduce_sum(gz * gz)
print(gz.numpy(), outer.gradient(s, v).numpy(), outer.gradient(gz, v).numpy())
del outer

# Jacobians.
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.nn.softmax(x * x)
j = tape.jacobian(y, x)
print(j.shape)
print(j.numpy())
bj = tape.batch_jacobian(y, x)
print(bj.shape)
print(bj.numpy())
print(tape.jacobian(y, [x, tf.constant(1.0)]))
layer = tf.keras.layers.Dense(2, kernel_initializer="ones")
with tf.GradientTape() as tape:
    h = layer(tf.constant([[1.0, -1.0, 2.0]]))
    h = tf.nn.relu(h)
jk = tape.jacobian(h, layer.kernel)
print(jk.shape, float(tf.reduce_sum(jk)))
try:
    tape.gradient(h, layer.kernel)
except RuntimeError as e:
    print("RuntimeError:", e)

# A Hessian through nested tapes and jacobian.
x = tf.Variable([0.5, -1.0])
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        f = tf.reduce_sum(x ** 3) + x[0] * x[1]
    g = t1.gradient(f, x)
hess = t2.jacobian(g, x)
print(g.numpy())
print(hess.numpy())
try:
    with tf.GradientTape() as t:
        t.watch(x)
        q = x * 2.0
    t.batch_jacobian(q, x)
except ValueError as e:
    print("ValueError:", e)
