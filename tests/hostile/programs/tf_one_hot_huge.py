# expect: ResourceExhaustedError
import tensorflow as tf
x = tf.one_hot(tf.range(100000), 100000)
