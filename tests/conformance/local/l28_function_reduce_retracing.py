# tf.function(reduce_retracing=True) relaxes the shapes traces disagree on
import tensorflow as tf

@tf.function(reduce_retracing=True)
def g(x):
  print('Tracing with', x)
  return x

print(g(tf.constant([1, 2, 3])))
print(g(tf.constant([1, 2, 3, 4, 5])))
print(g(tf.constant([1, 2, 3, 4, 5, 6, 7])))
print(g(tf.constant([[1, 2], [3, 4]])))
print(g(tf.constant([[1, 2, 3], [3, 4, 5]])))
print(g(tf.constant([1.0, 2.0])))
print(g.experimental_get_tracing_count())

@tf.function(reduce_retracing=True)
def h(x, n):
  print('Tracing h', x, n)
  return x * n

print(h(tf.ones([2, 3]), 2))
print(h(tf.ones([4, 3]), 2))
print(h(tf.ones([5, 3]), 3))
print(h(tf.ones([6, 3]), 2))
print(h.experimental_get_tracing_count())
