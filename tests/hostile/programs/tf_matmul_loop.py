# expect: RuntimeError: instruction budget
import tensorflow as tf
a = tf.ones([300, 300])
while True:
    b = tf.matmul(a, a)
