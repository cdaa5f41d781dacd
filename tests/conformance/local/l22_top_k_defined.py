import tensorflow as tf
@tf.function
def f():
    return tf.math.top_k(tf.ones([2, 3]), k=5)
try:
    f()
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def g():
    return tf.math.top_k(tf.ones([]), k=1)
try:
    g()
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def h():
    return tf.math.top_k(tf.ones([4, 3]), k=-1)
try:
    h()
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def s(x):
    return tf.sort(x), tf.argsort(x, direction="DESCENDING"), tf.math.top_k(x, 2)
print(s(tf.constant([[3.0, 1.0, 2.0]])))
print(s.get_concrete_function(tf.TensorSpec([None, None])).structured_outputs)
x = tf.Variable([[3.0, 1.0, 2.0, 5.0]])
with tf.GradientTape() as tape:
    v, i = tf.math.top_k(x, 2)
    loss = tf.reduce_sum(v * tf.constant([1.0, 10.0]))
print(tape.gradient(loss, x))
try:
    tf.math.top_k([[1.0, 2.0]], k=[1])
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.math.top_k([[1.0, 2.0]], k=3)
except Exception as e:
    print(type(e).__name__, e)
