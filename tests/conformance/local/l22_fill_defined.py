import tensorflow as tf
print(tf.fill([2, 3], 9), tf.fill([2], 1.5), tf.zeros([2, 2]), tf.ones([3]))
@tf.function
def shapes(n):
    return tf.fill([n, 2], 0.5), tf.fill(tf.stack([n, n]), 1)
print(shapes.get_concrete_function(tf.TensorSpec([], tf.int32)).structured_outputs)
# (A shape error inside a tf.function is left out: TensorFlow's traceback then shows a frame
# of its own installation, dtensor/python/api.py.)
v = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.fill([2, 3], v) * tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
print(tape.gradient(y, v))
@tf.function
def g():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.fill([2, 3], v) * tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    return tape.gradient(y, v)
print(g())
print([(op.name, op.type) for op in g.get_concrete_function().graph.get_operations()][-6:])
for bad in [lambda: tf.fill([2, -1], 1.0), lambda: tf.fill(tf.constant([2, -1]), 1.0), lambda: tf.zeros([2, -1])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
