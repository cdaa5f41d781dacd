# tf.print eagerly: TF's tensor layout (not NumPy's), floats read back exactly,
# summarize, separators, Python values and nested structures.
import sys
import tensorflow as tf

print("before")
tf.print(tf.constant([1, 2, 3]), output_stream=sys.stdout)
tf.print(tf.constant([[1, 2], [3, 4]]), "x", 3, output_stream=sys.stdout)
tf.print(tf.constant([1.5, 2.0, 3.25]), tf.constant(1 / 3), output_stream=sys.stdout)
tf.print(tf.constant([1 / 3, 1e-5, 123456789.0, -0.0, float("nan"), float("inf")]),
         output_stream=sys.stdout)
tf.print(tf.constant([1 / 3], dtype=tf.float64), tf.constant(1e20, dtype=tf.float64),
         output_stream=sys.stdout)
tf.print(tf.range(10), output_stream=sys.stdout)
tf.print(tf.range(10), summarize=2, output_stream=sys.stdout)
tf.print(tf.range(10), summarize=-1, output_stream=sys.stdout)
tf.print(tf.reshape(tf.range(100), [10, 10]), output_stream=sys.stdout)
tf.print(tf.zeros([2, 1, 2]), tf.zeros([0]), tf.zeros([2, 0]), output_stream=sys.stdout)
tf.print(tf.constant(["a", 'q"uote', "new\nline"]), "plain", output_stream=sys.stdout)
tf.print(tf.constant("alone\tunquoted"), output_stream=sys.stdout)
tf.print(tf.constant([True, False]), True, None, 2.5, output_stream=sys.stdout)
tf.print([1, tf.constant(2)], {"k": tf.constant([1.0]), "a": (1,)}, ("t", tf.constant(7)),
         output_stream=sys.stdout)
tf.print(tf.Variable([1.0, 2.0]), output_stream=sys.stdout)
tf.print("{}", tf.constant(1), output_stream=sys.stdout)
tf.print(1, 2, sep=",", end="!\n", output_stream=sys.stdout)
tf.print("a", "b", sep="", end="", output_stream=sys.stdout)
tf.print("|", output_stream=sys.stdout)
tf.print(output_stream=sys.stdout)
tf.print("to stderr", tf.constant([1, 2]))
print(tf.print("returns", output_stream=sys.stdout))
print("after")
