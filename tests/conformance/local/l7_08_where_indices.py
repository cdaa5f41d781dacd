import tensorflow as tf

x = tf.constant([[1.0, -2.0, 0.0], [0.0, 3.0, -1.0]])
print(tf.where(x > 0))
print(tf.where([True, False, True]))
print(tf.where(tf.constant([0, 4, 0, 7])))
print(tf.where(tf.zeros([2, 0]) > 0))


@tf.function
def positives(v):
    return tf.where(v > 0)


print(positives(x))
with tf.Graph().as_default() as g:
    p = tf.compat.v1.placeholder(tf.bool, [None, 3])
    q = tf.compat.v1.placeholder(tf.float32)
    print(tf.where(p), tf.where([True, False]), tf.where(q, name="w"))
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])
    with tf.compat.v1.Session() as sess:
        print(sess.run(tf.where(p), {p: [[True, False, True], [False, False, True]]}))

for bad in [lambda: tf.where(tf.constant(True)), lambda: tf.where(tf.zeros([1] * 9) > 0)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
