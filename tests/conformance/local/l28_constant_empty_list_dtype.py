# tf.constant of an empty list takes the dtype asked for
import tensorflow as tf
print(tf.constant([], tf.int32))
print(tf.constant([], dtype=tf.float32))
print(tf.convert_to_tensor([], tf.int32))
print(tf.zeros([0,3]))
print(tf.constant([]))
