# RaggedTensor printing: NumPy's layout of row arrays, wrapped at 75 columns; np.array2string
import numpy as np
import tensorflow as tf
print(np.array2string(np.array([1.5, 2.0, 3.25]), separator=", "))
print(np.array2string(np.arange(40), separator=", "))
print(np.array2string(np.arange(30), max_line_width=40))
print(np.array2string(np.arange(6).reshape(2, 3), separator=", ", prefix="x("))
print(tf.ragged.constant([[1, 2], [3]]))
print(tf.ragged.constant([[1.5, 0.1], [], [3.0]]))
print(tf.ragged.constant([["a" * 10] * 8, ["b"] * 3]))
print(tf.ragged.constant([list(range(30)), [1, 2], list(range(25))]))
print(tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]], []]))
print(tf.ragged.constant([[True, False], [True]]))
words = tf.strings.split(["the quick brown fox jumps over the lazy dog and keeps running far away", "hi"])
print(words)
print(tf.ragged.constant([[1, 2, 3]] * 12))
