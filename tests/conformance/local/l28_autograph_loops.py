# autograph: loops over tf.range, while, break, continue, return inside loops
import tensorflow as tf

@tf.function
def sum_even(n):
  s = 0
  for i in tf.range(n):
    if i % 2 == 1:
      continue
    s += i
  return s

print(sum_even(tf.constant(10)))

@tf.function
def first_over(xs, limit):
  total = tf.constant(0.0)
  for x in xs:
    total += x
    if total > limit:
      break
  return total

print(first_over(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]), tf.constant(5.0)))

@tf.function
def collatz(n):
  steps = 0
  while n != 1:
    if n % 2 == 0:
      n = n // 2
    else:
      n = 3 * n + 1
    steps += 1
  return steps

print(collatz(tf.constant(27)))

@tf.function
def find(xs, target):
  for i in tf.range(tf.shape(xs)[0]):
    if xs[i] == target:
      return i
  return -1

try:
  print(find(tf.constant([5, 7, 9, 11]), tf.constant(9)))
except NotImplementedError as e:
  print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def py_loop(x):
  for i in range(3):
    x = x * 2
  return x

print(py_loop(tf.constant(1.5)))

@tf.function
def fizzbuzz(n):
  for i in tf.range(1, n + 1):
    if i % 15 == 0:
      tf.print('FizzBuzz')
    elif i % 3 == 0:
      tf.print('Fizz')
    elif i % 5 == 0:
      tf.print('Buzz')
    else:
      tf.print(i)

fizzbuzz(tf.constant(15))

@tf.function
def while_break(x):
  i = 0
  while True:
    i += 1
    x = x * 2
    if x > 100:
      break
  return i, x

print(while_break(tf.constant(3)))
