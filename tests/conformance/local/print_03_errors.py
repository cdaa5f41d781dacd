# tf.print's argument checks.
import sys
import tensorflow as tf

try:
    tf.print(1, output_stream="bad")
except ValueError as e:
    print("ValueError:", e)
try:
    tf.print(1, bogus=2)
except ValueError as e:
    print("ValueError:", e)
tf.print(tf.constant(7), summarize=0, output_stream=sys.stdout)
tf.print(tf.constant([[1, 2, 3], [4, 5, 6]]), summarize=1, output_stream=sys.stdout)
tf.print(tf.constant(["x"]), output_stream=sys.stdout)
cyclic = [1]
cyclic.append(cyclic)
try:
    tf.print(cyclic, output_stream=sys.stdout)
except RecursionError as e:
    print("RecursionError:", e)
nested = []
for _ in range(150):
    nested = [nested]
tf.print(nested, tf.constant(1), output_stream=sys.stdout)
