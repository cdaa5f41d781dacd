# expect: MemoryError | ResourceExhaustedError
import tensorflow as tf
l = []
while True:
    l.append(tf.ones([1000, 1000]))
