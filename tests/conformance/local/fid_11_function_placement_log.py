# The placer lines of a tf.function's body on each concrete function's first call: _Arg
# nodes, the body in topological order, _Retval nodes, then the Consts (second pass).
import tensorflow as tf
tf.debugging.set_log_device_placement(True)


@tf.function
def f(a, b):
    return tf.add(a, b) * tf.matmul(tf.reshape(a, [1, 1, 2]), tf.ones([1, 2, 2])) / 2


print(f(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])))
print("second call")
print(f(tf.constant([5.0, 6.0]), tf.constant([7.0, 8.0])))


@tf.function
def g(X):
    s = tf.split(X, 2)
    noise = tf.random.uniform([2], seed=1)
    return X * 2.0, s[1], X + noise


print("g")
r = g(tf.constant([1.0, 2.0]))
print("g new shape")
r = g(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print("g new dtype")
r = g(tf.constant([1.0, 2.0], tf.float64))
