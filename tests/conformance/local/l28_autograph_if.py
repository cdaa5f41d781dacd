# autograph: if/elif/else on tensors, python conditions, nested ifs
import tensorflow as tf

@tf.function
def sign(x):
  if x > 0:
    y = 1
  elif x < 0:
    y = -1
  else:
    y = 0
  return y

for v in [3, -2, 0]:
  print(sign(tf.constant(v)))

@tf.function
def clip(x, lo, hi):
  if x < lo:
    x = lo
  if x > hi:
    x = hi
  return x * 2.0

print(clip(tf.constant(5.0), 0.0, 3.0), clip(tf.constant(-1.0), 0.0, 3.0), clip(tf.constant(1.5), 0.0, 3.0))

@tf.function
def pyif(x, training):
  if training:
    x = x * 10
  else:
    x = x / 10
  return x

print(pyif(tf.constant(2.0), True), pyif(tf.constant(2.0), False))

@tf.function
def nested(x, y):
  if x > 0:
    if y > 0:
      r = x + y
    else:
      r = x - y
  else:
    r = tf.zeros_like(x)
  return r

print(nested(tf.constant(1.0), tf.constant(2.0)))
print(nested(tf.constant(1.0), tf.constant(-2.0)))
print(nested(tf.constant(-1.0), tf.constant(2.0)))

@tf.function
def boolops(x):
  if x > 0 and x < 10:
    return 'in'
  elif x >= 10 or x < -10:
    return 'far'
  return 'near'

try:
  print(boolops(tf.constant(5)).numpy())
except ValueError as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def boolops2(x):
  if x > 0 and x < 10:
    r = 'in'
  elif x >= 10 or x < -10:
    r = 'far'
  else:
    r = 'near'
  return r

for v in [5, 50, -5, -50]:
  print(boolops2(tf.constant(v)).numpy())

@tf.function
def ternary(x):
  return x * 2 if x > 0 else -x

print(ternary(tf.constant(4)), ternary(tf.constant(-4)))
print(sign.experimental_get_tracing_count())
