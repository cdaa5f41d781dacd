# tf.TensorArray eagerly and in a traced Python loop; tf.errors classes built by programs
import tensorflow as tf
ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
for i in range(3):
  ta = ta.write(i, tf.constant([1.0, 2.0]) * i)
print(ta.size(), ta.stack())
print(ta.read(1))
ta2 = tf.TensorArray(tf.int32, size=3)
ta2 = ta2.unstack([10, 20, 30])
print(ta2.gather([2, 0]), ta2.concat() if False else "", ta2.element_shape, ta2.dtype, ta2.dynamic_size)
ta3 = tf.TensorArray(tf.float32, size=2)
try:
  ta3.write(5, 1.0)
except Exception as e:
  print(type(e).__name__, e)
try:
  ta3.read(0)
  print(ta3.stack())
except Exception as e:
  print(type(e).__name__, e)
@tf.function
def f(x):
  ta = tf.TensorArray(tf.float32, size=3)
  for i in range(3):
    ta = ta.write(i, x * i)
  return ta.stack()
print(f(tf.constant(2.0)))
ta4 = tf.TensorArray(tf.float32, size=2, element_shape=[2])
ta4 = ta4.scatter([1, 0], tf.constant([[1., 2.], [3., 4.]]))
print(ta4.stack(), ta4.concat())
try:
  tf.TensorArray(tf.float32, size=1).write(0, [1., 2.]).write(0, [3., 4., 5.])
except Exception as e:
  print(type(e).__name__, e)
t = tf.TensorArray(tf.float32, size=2, clear_after_read=False)
e = tf.errors.OutOfRangeError(None, None, "custom message")
print(str(e), e.message, e.error_code)
