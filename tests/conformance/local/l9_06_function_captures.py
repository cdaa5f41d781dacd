# Eager tensors a tf.function uses from outside: TensorFlow captures one of at most 128
# elements by value, as a Const named after the input it feeds in that op's name scope
# (`MatMul/b`), and a larger one as a Placeholder argument (`Sum/input`); each once per
# trace. Node text and graph errors name them so. `v.read_value()` reads in the scope
# `Read`, then adds an Identity.
import tensorflow as tf

small = tf.constant([[1., 2.], [3., 4.]])
big = tf.ones([12, 12])
edge = tf.ones([128])
ints = tf.constant([1, 2])
flags = tf.constant([True, False])
v = tf.Variable(1.)


@tf.function
def body(x):
    a = tf.matmul(x, small)
    b = x + small
    c = tf.reduce_sum(big) + tf.reduce_sum(edge)
    d = tf.cast(ints, tf.float32) * 2.
    e = tf.cast(tf.logical_not(flags), tf.float32)
    return a + b + c + tf.reduce_sum(d) + tf.reduce_sum(e) + v.read_value() + v.value()


concrete = body.get_concrete_function(tf.ones([2, 2]))
for op in concrete.graph.get_operations():
    print(op.name, op.type, [t.name for t in op.inputs])
print(body(tf.ones([2, 2])))

row = tf.constant([[1., 2., 3.]])


@tf.function
def project(x):
    return tf.matmul(x, row)


print(project(tf.ones([2, 1])))
try:
    project(tf.ones([2, 2]))
except ValueError as error:
    print(type(error).__name__, error)

positions = tf.constant([5])


@tf.function
def pick(x):
    return tf.gather(x, positions)


try:
    pick(tf.ones([2]))
except tf.errors.InvalidArgumentError as error:
    print(type(error).__name__, str(error).replace("\n\n", "\n"))
print([op.name for op in pick.get_concrete_function(tf.ones([2])).graph.get_operations()])

g = tf.Graph()
with g.as_default():
    w = tf.compat.v1.Variable(1.)
    w.read_value()
    w.value()
    print([op.name for op in g.get_operations()])
