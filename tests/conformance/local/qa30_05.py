# tf.function tracing and retracing: Python side effects run only while tracing
import tensorflow as tf

@tf.function
def double(a):
    print("Tracing with", a)
    return a + a

print(double(tf.constant(1)))
print(double(tf.constant(1.1)))
print(double(tf.constant("a")))
print(double(tf.constant(2)))   # no retrace
print(double(3))                # python int -> retrace
print(double(3))                # cached

cf = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.float32))
print(cf(tf.constant(5.0)))
try:
    cf(tf.constant(5))
except Exception as e:
    print(type(e).__name__)
print(double.experimental_get_tracing_count())
