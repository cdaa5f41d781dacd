# expect: ResourceExhaustedError
import tensorflow as tf
x = tf.random.normal([50000, 2000])
print(x.shape)
