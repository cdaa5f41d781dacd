import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = tf.stop_gradient(y) * x
    w = y + tf.stop_gradient(x)
print(tf.stop_gradient(x))
print(tape.gradient(z, x))
print(tape.gradient(w, x))
print(tape.gradient(tf.stop_gradient(y), x))


@tf.function
def f(a):
    with tf.GradientTape() as t:
        t.watch(a)
        b = tf.stop_gradient(a * 2.0) * a + a
    return t.gradient(b, a)


print(f(tf.constant([0.5, -1.0])))
g = tf.Graph()
with g.as_default():
    s = tf.stop_gradient(tf.constant(1.0), name="sg")
print(s.op.type, s.name)
