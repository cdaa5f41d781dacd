# tf.random.stateless_uniform's minval defaults to 0: an integer draw with only maxval, and the error without either
import tensorflow as tf
print(tf.random.stateless_uniform([3], seed=(1, 2), maxval=10, dtype=tf.int32))
print(tf.random.stateless_uniform([2], seed=(1, 2)))
try:
    tf.random.stateless_uniform([3], seed=(1, 2), dtype=tf.int32)
except ValueError as e:
    print(e)
