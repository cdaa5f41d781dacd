# expect: ResourceExhaustedError
import tensorflow as tf
x = tf.eye(8000)
print(x.shape)
