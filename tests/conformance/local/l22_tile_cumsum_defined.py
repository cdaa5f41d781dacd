import tensorflow as tf

x = tf.ones([2, 3])


@tf.function
def cumsum_bad_axis():
    return tf.cumsum(x, axis=3)


@tf.function
def tile_wrong_rank():
    return tf.tile(x, [2, 2, 2])


@tf.function
def tile_negative():
    return tf.tile(x, [-1, 2])


@tf.function
def tile_nested():
    return tf.tile(x, [[1, 2]])


for f in [cumsum_bad_axis, tile_wrong_rank, tile_negative, tile_nested]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


@tf.function
def shapes(m):
    return tf.tile(x, m), tf.tile(x, [m[0], 2])


print(shapes.get_concrete_function(tf.TensorSpec([2], tf.int32)).structured_outputs)

v = tf.Variable([[1.0, 2.0, 3.0]])
print(tf.cumsum(v, axis=1), tf.cumsum(v, 1, exclusive=True), tf.cumsum(v, 1, reverse=True))


@tf.function
def cumsum_grad():
    with tf.GradientTape() as tape:
        z = tf.reduce_sum(tf.cumsum(v, axis=-1, reverse=True) * tf.constant([[1.0, 5.0, 7.0]]))
    return tape.gradient(z, v)


print(cumsum_grad())
ops = cumsum_grad.get_concrete_function().graph.get_operations()
print([(op.name, op.type) for op in ops if op.type == "Cumsum"])

with tf.GradientTape(persistent=True) as tape:
    y = tf.reduce_sum(tf.tile(v, [3, 2]) * tf.reshape(tf.range(18, dtype=tf.float32), [3, 6]))
    z = tf.reduce_sum(tf.cumsum(v, axis=1) * tf.constant([[1.0, 5.0, 7.0]]))
    w = tf.reduce_sum(tf.cumsum(v, 1, exclusive=True, reverse=True) * tf.constant([[1.0, 5.0, 2.0]]))
print(tape.gradient(y, v))
print(tape.gradient(z, v))
print(tape.gradient(w, v))
print(tf.tile(tf.constant([[1, 2]]), tf.constant([2, 1])))
for args in [(x, tf.constant([1, 2, 3])), (x, [1, 2, 3])]:
    try:
        tf.tile(*args)
    except Exception as e:
        print(type(e).__name__, e)
for bad in [dict(axis=[1]), dict(axis=5)]:
    try:
        tf.cumsum(v, **bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    tf.cumsum(tf.constant([True]))
except Exception as e:
    print(type(e).__name__, e)
