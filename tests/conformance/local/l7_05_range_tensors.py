import tensorflow as tf

n = tf.constant(5)
print(tf.range(n))
print(tf.range(2, n))
print(tf.range(tf.constant(1.5), 4))
print(tf.range(0, tf.constant(3, dtype=tf.int64), 1))
print(tf.range(tf.constant(6), delta=2, dtype=tf.float32))
print(tf.range(n, name="r").shape)


@tf.function
def f(k):
    return tf.range(k) * 2


print(f(tf.constant(4)))
with tf.Graph().as_default() as g:
    p = tf.compat.v1.placeholder(tf.int32, [])
    r = tf.range(p)
    q = tf.range(1, tf.constant(7.0), 2)
    print(r, q)
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])
v = tf.Variable(4)
print(tf.range(v))
print(tf.range(1, tf.Variable(2, dtype=tf.int64) + 3))
print(tf.range(tf.Variable(3.0), delta=tf.constant(0.5)))
