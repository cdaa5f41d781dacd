# tf.sequence_mask, repeat, roll, math.log_sigmoid/xlogy/reduce_logsumexp, nn.silu/swish, linalg band_part/diag_part/diag/trace/matvec/matrix_transpose, get_static_value
import tensorflow as tf
print(tf.sequence_mask([1, 3, 2], 5))
print(tf.sequence_mask([[1, 3], [2, 0]], dtype=tf.float32))
print(tf.repeat([[1, 2], [3, 4]], repeats=[1, 2], axis=0))
print(tf.repeat([[1, 2], [3, 4]], repeats=2))
print(tf.repeat(['a', 'b', 'c'], repeats=[3, 0, 2], axis=0))
print(tf.roll([0, 1, 2, 3, 4], shift=2, axis=0))
print(tf.roll([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], shift=[1, -2], axis=[0, 1]))
print(tf.math.log_sigmoid([-100.0, 0.0, 3.0]))
print(tf.math.xlogy([0.0, 2.0, 3.0], [0.0, 3.0, 0.5]))
print(tf.math.reduce_logsumexp([[0., 0., 0.], [1000., 1000., 1000.]], axis=1))
print(tf.reduce_logsumexp([[1., 2.], [3., 4.]]), tf.reduce_logsumexp([[1., 2.], [3., 4.]], 0, keepdims=True))
print(tf.nn.silu([-1.0, 0.0, 2.0]), tf.nn.swish([1.0], beta=2.0))
x = tf.reshape(tf.range(16, dtype=tf.float32), (4, 4))
print(tf.linalg.band_part(x, 1, 0))
print(tf.linalg.band_part(tf.ones((3, 3)), -1, 0))
print(tf.linalg.diag_part(x), tf.linalg.trace(x), tf.linalg.diag([1., 2.]))
print(tf.linalg.matvec(x, tf.ones(4)), tf.linalg.matrix_transpose(tf.reshape(tf.range(6), (1, 2, 3))))
v = tf.Variable([-1.0, 2.0])
with tf.GradientTape() as t:
  y = tf.reduce_sum(tf.nn.silu(v)) + tf.reduce_sum(tf.math.log_sigmoid(v))
print(t.gradient(y, v))
print(tf.get_static_value(tf.constant([1, 2])), tf.get_static_value(3), tf.get_static_value(tf.Variable(2.0)))
@tf.function
def f(x):
  print(tf.get_static_value(tf.constant(5)), tf.get_static_value(x), tf.get_static_value(tf.shape(tf.zeros([2, 3]))))
  return x
f(tf.constant(1.0))
ta = tf.TensorArray(tf.float32, size=2)
ta = ta.write(tf.constant(1), 3.0)
print(ta.stack())
