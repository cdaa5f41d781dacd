# autograph: tf.print inside staged branches and loops runs each iteration
import sys
import tensorflow as tf

@tf.function
def fizzbuzz(n):
  for i in tf.range(1, n + 1):
    if i % 15 == 0:
      tf.print('FizzBuzz', output_stream=sys.stdout)
    elif i % 3 == 0:
      tf.print('Fizz', output_stream=sys.stdout)
    elif i % 5 == 0:
      tf.print('Buzz', output_stream=sys.stdout)
    else:
      tf.print(i, output_stream=sys.stdout)

fizzbuzz(tf.constant(16))
print(fizzbuzz.experimental_get_tracing_count())

v = tf.Variable(1.0)

@tf.function
def grow(steps):
  for i in tf.range(steps):
    v.assign(v * 1.5)
    if v > 5.0:
      tf.print('big at', i, output_stream=sys.stdout)
      break
  return v.read_value()

print(grow(tf.constant(10)))
print(v.numpy())
