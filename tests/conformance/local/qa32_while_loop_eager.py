# tf.while_loop run eagerly as TensorFlow runs it: results are tensors, the body must keep the loop variables' structure (a list of one needs a list back), maximum_iterations
import tensorflow as tf
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j * 2.0), [0, 1.0]))
print(tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), (0,)))
print(tf.while_loop(lambda i: i < 0, lambda i: i + 1, [0]))
try:
  tf.while_loop(lambda i: i < 3, lambda i: i + 1, [0])
except TypeError as e:
  print("TypeError:", e)
print(tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [0], maximum_iterations=2))
