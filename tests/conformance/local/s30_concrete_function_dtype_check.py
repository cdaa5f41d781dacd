# calling a concrete function with arguments that do not match its signature
import tensorflow as tf
@tf.function
def double(a):
    return a + a
cf = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.float32))
for arg in [tf.constant(5), tf.constant([1.0, 2.0]), 5.0, tf.constant(5, tf.float64)]:
    try:
        print(cf(arg))
    except Exception as e:
        print(type(e).__name__, e)
cf2 = double.get_concrete_function(tf.TensorSpec(shape=[2], dtype=tf.float32))
for arg in [tf.constant([1.0, 2.0, 3.0]), tf.constant([[1.0, 2.0]])]:
    try:
        print(cf2(arg))
    except Exception as e:
        print(type(e).__name__, e)
print(cf)
print(cf2)
print(double.pretty_printed_concrete_signatures())
