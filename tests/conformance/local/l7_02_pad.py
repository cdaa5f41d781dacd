import tensorflow as tf

a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(tf.pad(a, [[1, 0], [0, 2]]))
print(tf.pad(a, [[1, 1], [1, 1]], constant_values=7))
print(tf.pad(a, tf.constant([[1, 1], [2, 2]]), mode="REFLECT"))
print(tf.pad(a, [[1, 1], [2, 3]], mode="symmetric"))
print(tf.pad(tf.constant([1, 2, 3]), [[2, 1]], constant_values=-1))
print(tf.pad(tf.constant([[[1, 2]]]), [[0, 0], [1, 1], [0, 1]]))


@tf.function
def padded(x):
    return tf.pad(x, [[1, 0], [0, 1]]), tf.pad(x, [[0, 1], [1, 1]], mode="REFLECT")


print(padded(a))
with tf.Graph().as_default() as g:
    p = tf.compat.v1.placeholder(tf.float32, [None, 3])
    outs = [tf.pad(p, [[1, 0], [0, 2]]), tf.pad(p, [[0, 0], [1, 1]], constant_values=2.0),
            tf.pad(p, [[1, 1], [1, 1]], mode="SYMMETRIC", name="mirror")]
    print(outs)
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])

weights = tf.reshape(tf.range(20, dtype=tf.float32), [4, 5])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(a)
    constant = tf.reduce_sum(tf.pad(a, [[1, 1], [1, 1]]) * weights)
    reflect = tf.reduce_sum(tf.pad(a, [[1, 1], [1, 1]], mode="REFLECT") * weights)
    symmetric = tf.reduce_sum(tf.pad(a, [[1, 1], [1, 1]], mode="SYMMETRIC") * weights)
print(tape.gradient(constant, a))
print(tape.gradient(reflect, a))
print(tape.gradient(symmetric, a))

for bad in [
    lambda: tf.pad(a, [[1, 1]]),
    lambda: tf.pad(a, [[1, 1]], mode="REFLECT"),
    lambda: tf.pad(a, [[-1, 0], [0, 0]]),
    lambda: tf.pad(a, [[2, 0], [0, 0]], mode="REFLECT"),
    lambda: tf.pad(a, [[3, 0], [0, 0]], mode="SYMMETRIC"),
    lambda: tf.pad(a, [[1, 1], [1, 1]], mode="wrap"),
    lambda: tf.pad(a, [[1, 1], [1, 1]], constant_values=[1.0, 2.0]),
]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
