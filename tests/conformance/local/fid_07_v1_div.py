# tf.compat.v1.div: Python 2 division (FloorDiv for integers) in the 'div' scope, and its errors.
import tensorflow as tf
print(tf.compat.v1.div(tf.constant([7, -7]), 2), tf.compat.v1.div(tf.constant([7.0, -7.0]), 2), tf.compat.v1.div(7, 2))
for fn in [lambda: tf.compat.v1.div(tf.constant([7]), 2.5), lambda: tf.compat.v1.div(tf.constant([7]), tf.constant([2.0]))]:
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)
g = tf.compat.v1.Graph()
with g.as_default():
    a = tf.constant([1, 2])
    tf.compat.v1.div(a, 2)
    tf.compat.v1.div(tf.constant([1.0]), 2.0, name="q")
    tf.compat.v1.div(a, a)
    try:
        tf.compat.v1.div(a, 2.5)
    except Exception as e:
        print(type(e).__name__, e)
print([op.name + ":" + op.type for op in g.get_operations()])
g = tf.compat.v1.Graph()
with g.as_default():
    a = tf.constant([1, 2])
    try:
        tf.compat.v1.div(a, tf.constant([2.0, 1.0]))
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f2(a, b):
    try:
        tf.compat.v1.div(a, b)
    except Exception as e:
        print(type(e).__name__, e)
    return a
f2(tf.constant([1]), tf.constant([1.0]))
