# Gradients of Pad, MaxPool and AvgPool inside a tf.function (the ops TensorFlow builds), and tf.zeros/ones of 1000+ elements in a graph as Fill
import tensorflow as tf
@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.pad(x, [[0, 0], [1, 2], [3, 0]])
        z = tf.reduce_sum(y * y)
    return t.gradient(z, x)
print(f(tf.reshape(tf.range(12.0), [2, 2, 3])).numpy().tolist())
print([op.name + ':' + op.type for op in f.get_concrete_function(tf.TensorSpec([2, 2, 3])).graph.get_operations()])
@tf.function
def g(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.nn.max_pool2d(x, 2, 2, 'VALID')
        z = tf.reduce_sum(y * y) + tf.reduce_sum(tf.nn.avg_pool2d(x, 3, 1, 'SAME') ** 2)
    return t.gradient(z, x)
x = tf.reshape(tf.cast((tf.range(2*4*4*3) * 7) % 11, tf.float32), [2, 4, 4, 3])
print(g(x).numpy().tolist())
@tf.function
def h():
    return tf.zeros([40, 30]) + tf.ones([10, 99])[0, 0], tf.zeros([3, 3])
print([op.name + ':' + op.type for op in h.get_concrete_function().graph.get_operations()])
print(h()[0].shape)
