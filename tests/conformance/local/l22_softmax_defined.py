import tensorflow as tf
try:
    tf.nn.softmax(tf.constant(1.0))
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def f():
    return tf.nn.softmax(tf.ones([]))
try:
    f()
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def g(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.nn.softmax(x) * tf.constant([1.0, 2.0, 3.0]))
    return tape.gradient(y, x)
print(g(tf.constant([1.0, 2.0, 0.5])))
print([(op.name, op.type) for op in g.get_concrete_function(tf.constant([1.0, 2.0, 0.5])).graph.get_operations()])
