import tensorflow as tf
cases = [
  lambda: tf.scatter_nd([[0], [1], [2]], [1.0, 2.0], [4]),
  lambda: tf.scatter_nd([[0, 0]], [[1.0]], [4]),
  lambda: tf.scatter_nd([[0]], [1.0], [-1]),
  lambda: tf.scatter_nd([[0]], [True], [2]),
  lambda: tf.scatter_nd([[0]], [1.0], [[2]]),
  lambda: tf.gather_nd(tf.constant(1.0), [[0]]),
  lambda: tf.gather_nd([1.0, 2.0], 0),
  lambda: tf.gather_nd([[1.0, 2.0]], [[0, 5]]),
  lambda: tf.gather_nd([[1.0, 2.0]], [[[0, 5]]]),
]
for c in cases:
    try:
        print(c())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f():
    return tf.gather_nd(tf.ones([2, 2]), tf.zeros([2, 3], tf.int32))
try:
    f()
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def g(i):
    return tf.gather_nd(tf.ones([2, 2]), i)
try:
    g(tf.constant([[0, 7]]))
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def h():
    return tf.gather_nd(tf.ones([2, 2]), [[0.0]])
try:
    h()
except Exception as e:
    print(type(e).__name__, e)
print(tf.gather_nd(tf.ones([2, 2], tf.bfloat16), [[1]]))
print(tf.scatter_nd([[1]], tf.constant([[1, 2]], tf.int64), [3, 2]))
# After the functions: TensorFlow's uid counter takes one more value here than the
# playground's (a float `indices` with an int `shape`), which would rename later functions.
try:
    tf.scatter_nd([[0.0]], [1.0], [2])
except Exception as e:
    print(type(e).__name__, e)
