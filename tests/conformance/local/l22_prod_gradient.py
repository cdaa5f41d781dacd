import tensorflow as tf
x = tf.Variable([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
z = tf.Variable([[0.0, 3.0, 2.0], [0.0, 0.0, 5.0]])
for axis in [None, 0, 1, [0, 1], -1]:
    with tf.GradientTape(persistent=True) as tape:
        a = tf.reduce_prod(x, axis=axis)
        b = tf.reduce_sum(tf.reduce_prod(z, axis=axis, keepdims=True) * 3.0)
    print(axis, tape.gradient(a, x), tape.gradient(b, z))
y = tf.Variable(tf.reshape(tf.range(1, 25, dtype=tf.float32) / 7.0, [2, 3, 4]))
with tf.GradientTape() as tape:
    c = tf.reduce_sum(tf.reduce_prod(y, axis=[0, 2]) * tf.constant([1.0, 2.0, 3.0]))
print(tape.gradient(c, y))
