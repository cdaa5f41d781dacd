import tensorflow as tf

print(tf.eye(3))
print(tf.eye(2, 3))
print(tf.eye(3, 2, dtype=tf.int32))
print(tf.eye(2, batch_shape=[2], dtype=tf.float64))
print(tf.eye(0))
print(tf.eye(tf.constant(2)))
print(tf.eye(2) * 5.0 + tf.ones([2, 2]))

w = tf.Variable(tf.eye(2))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.eye(2) * w)
print(tape.gradient(y, w))


@tf.function
def identity_plus(x):
    return x + tf.eye(2)


print(identity_plus(tf.ones([2, 2])))
with tf.Graph().as_default() as g:
    print(tf.eye(3), tf.eye(2, 4, name="wide"), tf.eye(2, batch_shape=[3, 1]))
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])

for bad in [lambda: tf.eye(2.5), lambda: tf.eye(2, "3"), lambda: tf.eye(-1), lambda: tf.ones([-1]), lambda: tf.fill([-1], 1.0)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
