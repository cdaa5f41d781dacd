# Graph names of binary ops: the tf.* functions name theirs after the op (Add, Mul, Sub),
# the Python operators after the operator (add, mul, sub), as TensorFlow 2.21 does.
import tensorflow as tf


def names(graph):
    return [op.name + ":" + op.type for op in graph.get_operations() if op.type != "Identity"]


@tf.function
def arithmetic(a, b):
    return [
        tf.add(a, b), tf.math.add(a, b), a + b, a + 2.0, tf.add(a, 2.0),
        tf.multiply(a, b), tf.math.multiply(a, b), a * b, 3.0 * a,
        tf.subtract(a, b), tf.math.subtract(a, b), a - b, 1.0 - a,
        tf.maximum(a, b), tf.math.maximum(a, b), tf.minimum(a, b), tf.math.minimum(a, b),
        tf.pow(a, b), tf.math.pow(a, b), a ** b, a ** 2,
        tf.math.floordiv(a, b), a // b, tf.math.floormod(a, b), tf.math.mod(a, b), a % b,
        tf.math.squared_difference(a, b), tf.add(a, b, name="total"), tf.multiply(a, b, name="add"),
    ]


print(names(arithmetic.get_concrete_function(tf.TensorSpec([2], tf.float32), tf.TensorSpec([2], tf.float32)).graph))


@tf.function
def logic(a, b, c, d):
    return [
        tf.equal(a, b), tf.math.equal(a, b), a == b, tf.not_equal(a, b), a != b,
        tf.less(a, b), a < b, tf.less_equal(a, b), a <= b, tf.greater(a, b), a > b,
        tf.greater_equal(a, b), a >= b,
        tf.logical_and(c, d), tf.math.logical_and(c, d), c & d,
        tf.logical_or(c, d), c | d, tf.logical_not(c), ~c,
    ]


print(names(logic.get_concrete_function(
    tf.TensorSpec([2], tf.int32), tf.TensorSpec([2], tf.int32),
    tf.TensorSpec([2], tf.bool), tf.TensorSpec([2], tf.bool)).graph))

g = tf.compat.v1.Graph()
with g.as_default():
    a = tf.constant([1.0, 2.0])
    b = tf.constant([3.0, 4.0])
    tf.add(a, b)
    tf.multiply(a, b)
    tf.subtract(a, b)
    a + b
    a * b
    a - b
    tf.compat.v1.add(a, b)
    tf.compat.v1.multiply(a, b)
    tf.compat.v1.subtract(a, b)
    with tf.compat.v1.name_scope("layer"):
        tf.add(a, b)
        a + b
        tf.maximum(a, b)
    tf.pow(a, b)
    a ** b
    tf.math.floormod(a, b)
    a % b
print(names(g))
with tf.compat.v1.Session(graph=g) as sess:
    print(sess.run(g.get_tensor_by_name("Add:0")), sess.run(g.get_tensor_by_name("layer/Add:0")))

c = tf.constant([1.0, 2.0])
d = tf.constant([4.0, 8.0])
print(tf.add(c, d), tf.multiply(c, d), tf.subtract(c, d), tf.pow(c, d))
