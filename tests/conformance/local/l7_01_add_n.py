import tensorflow as tf

a = tf.constant([[1.5, 2.0], [3.0, 4.25]])
b = tf.constant([[10.0, 20.0], [30.0, 40.0]])
print(tf.add_n([a, b, a]))
print(tf.math.add_n([a, b]))
print(tf.add_n([a]))
print(tf.add_n([tf.constant([1, 2, 3]), tf.constant([4, 5, 6]), [7, 8, 9]]))
print(tf.add_n([tf.constant(0.1)] * 10).numpy())


@tf.function
def summed(p, q):
    return tf.add_n([p, q, p, q])


print(summed(a, b))
with tf.Graph().as_default() as g:
    p = tf.compat.v1.placeholder(tf.float32, [None, 2])
    s = tf.add_n([p, p, tf.ones([3, 2])], name="total")
    print(s)
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])

with tf.GradientTape() as tape:
    tape.watch(a)
    y = tf.reduce_sum(tf.add_n([a, a, b]) * a)
print(tape.gradient(y, a))

for bad in [
    lambda: tf.add_n([]),
    lambda: tf.add_n([a, tf.constant([1.0, 2.0, 3.0])]),
    lambda: tf.add_n([a, tf.constant([[1, 2], [3, 4]])]),
]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
