# expect: ResourceExhaustedError
import tensorflow as tf
x = tf.zeros([10**5, 10**5])
print(x.shape)
