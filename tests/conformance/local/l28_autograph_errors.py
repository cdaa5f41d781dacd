# autograph: loops that change dtype or shape, undefined variables, Python/tensor mixing errors
import tensorflow as tf

@tf.function
def dtype_change(n):
  s = 0
  for i in tf.range(n):
    s = s + tf.cast(i, tf.float32)
  return s

try:
  dtype_change(tf.constant(3))
except TypeError as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def shape_change(n):
  x = tf.constant([1])
  for i in tf.range(n):
    x = tf.concat([x, [i]], 0)
  return x

try:
  shape_change(tf.constant(3))
except ValueError as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def one_branch(x):
  if x > 0:
    y = x
  return y

try:
  one_branch(tf.constant(1))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def no_else_return(x):
  if x > 0:
    return x

try:
  no_else_return(tf.constant(1))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def branch_dtypes(x):
  if x > 0:
    y = 1.0
  else:
    y = 2
  return y

try:
  print(branch_dtypes(tf.constant(1)))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function(autograph=False)
def no_autograph(x):
  if x > 0:
    return x
  return -x

try:
  no_autograph(tf.constant(1))
except Exception as e:
  print(type(e).__name__, str(e).splitlines()[-1][:80])
