# expect: ResourceExhaustedError
import tensorflow as tf
tf.eye(10**5)
