import tensorflow as tf
v = tf.Variable(2.0)
w = tf.Variable([[1.0, -2.0]])

@tf.function
def f(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x + 3.0 * x
        z = tf.reduce_mean(y / 2.0) + tf.sin(v) * tf.cos(v)
        u = tf.reduce_sum(tf.sigmoid(tf.matmul(tf.reshape(x, [3, 1]), w)) - tf.expand_dims(tf.tanh(x), 1))
    g1 = tape.gradient(y, x)
    g2 = tape.gradient(z, [x, v])
    g3 = tape.gradient(u, {"w": w, "x": x})
    unused = tape.gradient(y, v)
    return g1, g2[0], g2[1], g3["w"], g3["x"], tf.constant(unused is None)

for value in f(tf.constant([1.0, 2.0, -3.0])):
    print(value.numpy() if value.dtype == tf.bool else value.numpy().round(5))
