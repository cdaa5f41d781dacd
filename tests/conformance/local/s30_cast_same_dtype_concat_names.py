# tf.cast to the same dtype makes no Cast; a concat list literal is named values_0
import tensorflow as tf
@tf.function
def f(x):
    y = tf.cast(x, tf.float32)
    z = tf.concat([[-1.0], x], 0)
    return y, z
cf = f.get_concrete_function(tf.TensorSpec([None]))
print([op.name for op in cf.graph.get_operations()])
