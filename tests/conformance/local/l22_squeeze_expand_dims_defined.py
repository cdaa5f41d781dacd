import tensorflow as tf
x = tf.ones([2, 1, 3])
print(tf.squeeze(x).shape, tf.squeeze(x, [1]).shape, tf.squeeze(x, axis=-2).shape, tf.expand_dims(x, 0).shape, tf.expand_dims(x, -1).shape)
def trial(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def sq_bad():
    return tf.squeeze(x, [0])
@tf.function
def sq_range():
    return tf.squeeze(x, [5])
@tf.function
def ex_range():
    return tf.expand_dims(x, 5)
@tf.function
def ex_axis():
    return tf.expand_dims(x, [0, 1])
for f in [sq_bad, sq_range, ex_range, ex_axis]:
    trial(f)
trial(lambda: tf.squeeze(x, [0]))
trial(lambda: tf.squeeze(x, [5]))
trial(lambda: tf.expand_dims(x, 5))
@tf.function
def shapes(t):
    return tf.squeeze(t), tf.squeeze(t, [1]), tf.expand_dims(t, 1)
print(shapes.get_concrete_function(tf.TensorSpec([None, 1, None])).structured_outputs)
x = tf.ones([2, 1, 3])
for f in [lambda: tf.expand_dims(x, [0, 1]), lambda: tf.expand_dims(x, tf.constant([0, 1])), lambda: tf.squeeze(x, [0])]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
v = tf.Variable([[1.0, 2.0]])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.squeeze(tf.expand_dims(v, 0), [0]) * tf.constant([[3.0, 4.0]]))
print(tape.gradient(y, v))
@tf.function
def g():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.squeeze(tf.expand_dims(v, -1)) * tf.constant([3.0, 4.0]))
    return tape.gradient(y, v)
print(g())
print([(op.name, op.type) for op in g.get_concrete_function().graph.get_operations()][-6:])
print(tf.boolean_mask(tf.constant([[1, 2], [3, 4]]), [True, False]))
v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
@tf.function
def g2():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.reshape(v, [4]) * tf.constant([3.0, 4.0, 5.0, 6.0]))
    return tape.gradient(y, v)
print(g2())
print([(op.name, op.type) for op in g2.get_concrete_function().graph.get_operations()][-5:])
