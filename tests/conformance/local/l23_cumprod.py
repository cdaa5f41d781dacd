# tf.math.cumprod: axis, exclusive, reverse, integer wrap, its gradient eagerly and in a tf.function, and the dtype error
import tensorflow as tf
x = tf.constant([[1.5, 2.0, -3.0], [4.0, 0.5, 0.0]])
print(tf.math.cumprod(x, axis=1))
print(tf.math.cumprod(x, exclusive=True, reverse=True))
print(tf.math.cumprod(tf.constant([7, 9, 11, 13, 17, 19, 23, 29, 31, 37], tf.int32)))
print(tf.math.cumprod(tf.constant([0.3, 0.7, 1.1, 2.9], tf.float64), reverse=True))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(tf.math.cumprod(x, axis=1) ** 2)
print(t.gradient(y, x))
@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.math.cumprod(x, axis=0, exclusive=True))
    return t.gradient(y, x)
print(f(x))
print([op.name + ':' + op.type for op in f.get_concrete_function(x).graph.get_operations()])
tf.math.cumprod(tf.constant([True, False]))
