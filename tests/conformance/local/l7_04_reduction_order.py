import tensorflow as tf


def values(count, seed):
    return [((i * 7919 + seed * 104729) % 1009) / 997.0 + 0.001 * (i % 37) - 0.25 for i in range(count)]


def show(label, t):
    print(label, t.shape, tf.reshape(t, [-1]).numpy().tolist()[:12])


x = tf.reshape(tf.constant(values(4 * 6 * 50, 1)), [4, 6, 50])
for axes in [None, 0, 1, 2, [0, 1], [1, 2], [0, 2], -1]:
    show("sum %s" % (axes,), tf.reduce_sum(x, axis=axes))
    show("mean %s" % (axes,), tf.reduce_mean(x, axis=axes))

y = tf.reshape(tf.constant(values(3 * 5 * 7 * 11, 2)), [3, 5, 7, 11])
for axes in [[0, 2], [1, 3], [0, 3], [0, 1, 3], [1, 2], 3]:
    show("4d sum %s" % (axes,), tf.reduce_sum(y, axis=axes))
    show("4d mean %s" % (axes,), tf.reduce_mean(y, axis=axes, keepdims=True))

z = tf.reshape(tf.constant(values(40 * 21, 3)), [40, 21])
show("rows", tf.reduce_sum(z, axis=0))
show("cols", tf.reduce_sum(z, axis=1))
show("rows 3d", tf.reduce_sum(tf.reshape(z, [2, 20, 21]), axis=1))
show("rows 3d narrow", tf.reduce_sum(tf.reshape(z, [4, 30, 7]), axis=1))

big = tf.constant(values(20000, 4))
print("big", tf.reduce_sum(big).numpy(), tf.reduce_mean(big).numpy())
show("big rows", tf.reduce_sum(tf.reshape(big, [2, 10000]), axis=1))
show("big cols", tf.reduce_sum(tf.reshape(big, [1000, 20]), axis=0))

d = tf.cast(tf.reshape(tf.constant(values(600, 5)), [20, 30]), tf.float64)
show("f64 all", tf.reduce_sum(d))
show("f64 rows", tf.reduce_sum(d, axis=0))
show("f64 cols", tf.reduce_mean(d, axis=1))
show("ones", tf.reduce_sum(tf.reshape(x, [1, 4, 1, 300]), axis=[0, 3]))
