import tensorflow as tf
x = tf.Variable([[1.0, 2.0]])
with tf.GradientTape(persistent=True) as tape:
    c = tf.reduce_sum(tf.concat([x, x * 2.0], axis=0) * tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    s = tf.reduce_sum(tf.stack([x, x]) * 3.0)
    w = tf.reduce_sum(tf.where(x > 1.5, x * 10.0, x))
    r = tf.reduce_sum(tf.reverse(x, [1]) * tf.constant([[1.0, 2.0]]))
    f = tf.reduce_sum(tf.fill([2], x[0, 0]))
    cl = tf.reduce_sum(tf.clip_by_value(x, 0.0, 1.5))
for t in [c, s, w, r, f, cl]:
    print(tape.gradient(t, x))
