# functional ops: foldl/foldr/scan/vectorized_map/switch_case/case, polyval, gelu(approximate), run_functions_eagerly
import tensorflow as tf

elems = tf.constant([1, 2, 3, 4, 5, 6])
print(tf.foldl(lambda a, x: a + x, elems))
print(tf.foldl(lambda a, x: a + x, elems, initializer=tf.constant(10)))
print(tf.foldr(lambda a, x: a - x, elems))
print(tf.scan(lambda a, x: a + x, elems))
print(tf.scan(lambda a, x: a * x, elems, initializer=tf.constant(1)))
print(tf.scan(lambda a, x: a + x, elems, reverse=True))
print(tf.scan(lambda a, x: (a[0] + x, a[1] * x), elems, initializer=(tf.constant(0), tf.constant(1))))
print(tf.vectorized_map(lambda r: tf.reduce_sum(r * r), tf.reshape(tf.range(6.0), [3, 2])))

@tf.function
def pick(i):
  return tf.switch_case(i, [lambda: tf.constant(10), lambda: tf.constant(20), lambda: tf.constant(30)])
print(pick(tf.constant(0)), pick(tf.constant(2)), pick(tf.constant(7)))
print(tf.switch_case(tf.constant(1), {0: lambda: 'a', 1: lambda: 'b'}, default=lambda: 'z'))
try:
  tf.switch_case(1, [lambda: 1])
except TypeError as e:
  print(e)

@tf.function
def grade(x):
  return tf.case([(x < 0, lambda: tf.constant(-1)), (x > 10, lambda: tf.constant(1))], default=lambda: tf.constant(0))
print(grade(tf.constant(-5)), grade(tf.constant(50)), grade(tf.constant(5)))

print(tf.math.polyval([2.0, -1.0, 3.0], tf.constant([0.0, 1.0, 2.0])))
print(tf.nn.gelu(tf.constant([-1.0, 0.0, 0.5, 2.0]), approximate=True))

calls = []
@tf.function
def traced(x):
  calls.append(1)
  return x * 2
tf.config.run_functions_eagerly(True)
print(tf.config.functions_run_eagerly())
print(traced(tf.constant(1)), traced(tf.constant(2)), len(calls))
tf.config.run_functions_eagerly(False)
print(traced(tf.constant(3)), traced(tf.constant(4)), len(calls))
