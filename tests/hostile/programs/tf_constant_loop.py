# expect: RuntimeError: instruction budget
import tensorflow as tf
while True:
    tf.constant(1)
