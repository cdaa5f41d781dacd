# tf.strided_slice with begin/end/strides and every mask
import tensorflow as tf
t = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.strided_slice(t, [0, 1, 0], [2, 3, 4], [1, 1, 2]))
print(tf.strided_slice(t, [1, 0], [2, 2], shrink_axis_mask=1))
print(tf.strided_slice(t, [0], [1], end_mask=1))
print(tf.strided_slice(t, [0, 0], [1, 2], begin_mask=2, new_axis_mask=1))
print(tf.strided_slice(t, [0, 1], [0, 2], ellipsis_mask=1))
print(tf.strided_slice(t, [-1, -1], [-3, -4], [-1, -2]))
print(tf.strided_slice([1, 2, 3, 4, 5], [1], [4], [2]))
@tf.function
def f(x, i):
    return tf.strided_slice(x, [i], [i + 2])
print(f(tf.range(6), tf.constant(2)))
