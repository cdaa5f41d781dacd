# expect: ResourceExhaustedError
import tensorflow as tf
x = tf.tile(tf.ones([1000, 1000]), [1000, 1000])
