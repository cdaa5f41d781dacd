# expect: RuntimeError: instruction budget
import tensorflow as tf
v = tf.Variable(0)
while True:
    v.assign_add(1)
