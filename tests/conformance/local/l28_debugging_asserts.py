# tf.debugging assertions eagerly and inside tf.function; tf.debugging.Assert; check_numerics
import numpy as np
import tensorflow as tf

tf.debugging.assert_equal(tf.constant(1), 1)
tf.debugging.assert_less(tf.constant([1, 2]), 3)
for check, args in [(tf.debugging.assert_equal, ([1, 2, 3], [1, 5, 4])),
                    (tf.debugging.assert_greater, (tf.constant([1, 2]), 2)),
                    (tf.debugging.assert_less_equal, (tf.constant(5.0), 4.0)),
                    (tf.debugging.assert_none_equal, ([1, 2], [3, 2]))]:
  try:
    check(*args, message="check failed")
  except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print(e.message)
try:
  tf.debugging.Assert(tf.constant(False), ["value was", tf.constant([1.5, 2.5, 3.5, 4.5])])
except tf.errors.InvalidArgumentError as e:
  print(e.message)
print(tf.debugging.check_numerics(tf.constant([1.0, 2.0]), "ok"))
for bad in [[1.0, np.nan], [np.inf, 1.0], [np.nan, -np.inf]]:
  try:
    tf.debugging.check_numerics(tf.constant(bad), "bad values")
  except tf.errors.InvalidArgumentError as e:
    print(e.message)

@tf.function
def safe_div(x, y):
  tf.debugging.assert_greater(y, 0.0, message="y must be positive")
  return x / y

print(safe_div(tf.constant(6.0), tf.constant(2.0)))
try:
  safe_div(tf.constant(6.0), tf.constant(-2.0))
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__, [l for l in e.message.splitlines() if l.startswith("assertion failed")])
