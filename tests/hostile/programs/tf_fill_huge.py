# expect: ResourceExhaustedError | InvalidArgumentError
import tensorflow as tf
x = tf.fill([10**6, 10**6], 1.0)
