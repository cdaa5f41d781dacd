import tensorflow as tf
x = tf.constant([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])
print(tf.argmax(x), tf.argmax(x, axis=1), tf.argmin(x, 1, output_type=tf.int32))
@tf.function
def bad_axis():
    return tf.argmax(tf.ones([2, 3]), axis=3)
@tf.function
def onehot_neg():
    return tf.one_hot([0, 2], -2)
@tf.function
def range_zero():
    return tf.range(0, 10, 0)
@tf.function
def where_bad():
    return tf.where([True, False], tf.ones([2, 3]), tf.ones([2, 3]))
for f in [bad_axis, onehot_neg, range_zero, where_bad]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda: tf.argmax(x, axis=3), lambda: tf.one_hot([0, 2], -2), lambda: tf.range(0, 10, 0), lambda: tf.fill([2, -1], 1.0), lambda: tf.where([True, False], tf.ones([2, 3]), tf.ones([2, 3])), lambda: tf.argmax(x, axis=tf.constant([1]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def shapes(n, d):
    return tf.one_hot(tf.zeros([n], tf.int32), d), tf.range(n), tf.fill([n, 2], 0.5), tf.argmax(tf.ones([n, 4]), axis=1)
print(shapes.get_concrete_function(tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32)).structured_outputs)
i = tf.constant([[0, 2], [1, 0]])
print(tf.one_hot(i, 3, axis=0))
print(tf.one_hot(i, 3, axis=1))
print(tf.one_hot([1, 5, -1], 4, on_value=7, off_value=-1))
print(tf.one_hot(tf.constant([0, 1], tf.int64), tf.constant(2)))
@tf.function
def f(d):
    return tf.one_hot([[0, 1]], d, axis=1)
print(f(tf.constant(3)))
print(f.get_concrete_function(tf.TensorSpec([], tf.int32)).structured_outputs)
try:
    tf.one_hot([0], 3, axis=-2)
except Exception as e:
    print(type(e).__name__, e)
