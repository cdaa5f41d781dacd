import tensorflow as tf
x = tf.Variable(2.0, name="x")
y = tf.Variable(3.0, name="y")
z = tf.Variable(4.0, name="z", trainable=False)
c = tf.constant(5.0)
with tf.GradientTape(persistent=True) as tape:
    a = y * x
    with tape.stop_recording():
        b = x * x
    d = a + b + z
    tape.watch(z)
print([v.name for v in tape.watched_variables()])
print(tape.gradient(d, [x, y, z]))
print(tape.gradient(b, x))
with tf.GradientTape(watch_accessed_variables=False) as t2:
    t2.watch(y)
    r = x * y
print([v.name for v in t2.watched_variables()], t2.gradient(r, [x, y]))
t3 = tf.GradientTape()
try:
    with t3.stop_recording():
        pass
except RuntimeError as e:
    print("RuntimeError", e)
print(tf.meshgrid([1, 2, 3], [4, 5]))
X, Y = tf.meshgrid(tf.linspace(0.0, 1.0, 3), tf.range(2.0), indexing="ij")
print(X, Y)
print(c.cpu() if hasattr(c, "cpu") else "no cpu")
