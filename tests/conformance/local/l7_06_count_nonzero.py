import tensorflow as tf

x = tf.constant([[0.0, 1.5, 0.0], [2.0, -3.0, 0.0]])
print(tf.math.count_nonzero(x))
print(tf.math.count_nonzero(x, axis=0))
print(tf.math.count_nonzero(x, axis=1, keepdims=True))
print(tf.math.count_nonzero(x, axis=[0, 1], dtype=tf.int32))
print(tf.math.count_nonzero([1, 0, 3, 0]))
print(tf.math.count_nonzero(tf.constant([True, False, True])))


@tf.function
def count(v):
    return tf.math.count_nonzero(v, axis=-1)


print(count(x))
with tf.Graph().as_default() as g:
    p = tf.compat.v1.placeholder(tf.float32, [None, 3])
    print(tf.math.count_nonzero(p, axis=1))
    print(tf.math.count_nonzero(p, dtype=tf.float32, name="nz"))
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])
