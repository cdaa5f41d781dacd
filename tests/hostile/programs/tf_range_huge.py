# expect: ResourceExhaustedError
import tensorflow as tf
x = tf.range(10**12)
