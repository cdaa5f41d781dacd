# probe q69_tape_watch_stop: user-style program (corpus 3)
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print("dy/dx:", tape.gradient(y, x).numpy())
with tf.GradientTape() as tape:
    y = x * x
print("unwatched constant:", tape.gradient(y, x))
w = tf.Variable(2.0)
b = tf.Variable(1.0)
with tf.GradientTape() as tape:
    out = w * tf.stop_gradient(w) + b
g = tape.gradient(out, [w, b])
print("stop_gradient:", [t.numpy() for t in g])
unused = tf.Variable(5.0)
with tf.GradientTape(persistent=True) as tape:
    z = w * 3.0
print(tape.gradient(z, unused))
print(tape.gradient(z, unused, unconnected_gradients=tf.UnconnectedGradients.ZERO).numpy())
frozen = tf.Variable(4.0, trainable=False)
with tf.GradientTape() as tape:
    z = frozen * w
print([v.name for v in tape.watched_variables()])
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(b)
    z = w * b
print(tape.gradient(z, [w, b]))
with tf.GradientTape(persistent=True) as tape:
    y1 = w ** 2
    y2 = tf.exp(w)
print(tape.gradient(y1, w).numpy(), round(float(tape.gradient(y2, w)), 4))
i = tf.Variable(2, dtype=tf.int32)
with tf.GradientTape() as tape:
    zi = i * i
print("int var grad:", tape.gradient(zi, i))
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = x ** 3
    dy = t1.gradient(y, x)
print("first, second:", dy.numpy(), t2.gradient(dy, x).numpy())
