import tensorflow as tf
p = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.gather_nd(p, [[0, 1], [1, 0]]))
print(tf.gather_nd(p, [[1], [0]]))
print(tf.gather_nd(p, [1, 0]))
print(tf.gather_nd(p, [[[0, 0]], [[1, 1]]]))
x = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.gather_nd(x, [[1, 2], [0, 0]]))
print(tf.gather_nd(x, tf.constant([[1, 2, 3]], tf.int64)))
print(tf.gather_nd(tf.constant(["a", "b"]), [[1]]))
for bad in ([[2, 0]], [[0, 0, 0]], [[-1, 0]]):
    try:
        tf.gather_nd(p, bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    tf.gather_nd(p, [[0.0, 1.0]])
except Exception as e:
    print(type(e).__name__, e)
v = tf.Variable(p)
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.gather_nd(v, [[0, 1], [0, 1], [1, 0]]) * 2.0)
print(tape.gradient(y, v))
@tf.function
def f(a, i):
    return tf.gather_nd(a, i)
print(f(p, tf.constant([[1, 1]])))
print(f.get_concrete_function(tf.TensorSpec([None, 2]), tf.TensorSpec([3, 2], tf.int32)).structured_outputs)
print(tf.scatter_nd([[0], [2], [0]], [1.0, 2.0, 3.0], [4]))
print(tf.scatter_nd(tf.constant([[1, 1]]), tf.constant([5]), tf.constant([2, 3])))
try:
    tf.scatter_nd([[5]], [1.0], [4])
except Exception as e:
    print(type(e).__name__, e)
