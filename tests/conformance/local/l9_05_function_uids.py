# The N of `__inference_NAME_N`, in every error a tf.function raises and in
# `ConcreteFunction.name`, is TensorFlow's program-wide uid counter: every eager tensor,
# every output of a graph op, every graph (the global default graph the first time a
# trace or a variable asks for it), every variable and every function name takes one.
# Here l9_03's errors print whole, after eager ops, variables and other traces.
import tensorflow as tf


@tf.function
def ratio(a):
    return 100 // a


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def square(x):
    return tf.reshape(x, [2, 2])


@tf.function
def pick(index):
    return tf.gather(tf.constant([1., 2.]), index)


def show(function, *args):
    try:
        function(*args)
    except tf.errors.InvalidArgumentError as error:
        print(type(error).__name__)
        print(str(error).replace("\n\n", "\n"))


def helper(a, b):
    return tf.matmul(a, b)


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def nested(a):
    return helper(a, tf.ones([3, 1])) * 2.


print(ratio(tf.constant([1, 3])))
print(square(tf.ones([4])))
print(pick(tf.constant(1)))
show(pick, tf.constant(5))
show(pick, tf.constant([[0, 1], [7, 0]]))
show(square, tf.ones([3]))
print(nested(tf.ones([2, 3])))
show(nested, tf.ones([2, 2]))
show(ratio, tf.constant([0, 1]))

# Eager work between traces moves the counter: constants, ops and their converted
# Python numbers, slices, variables (their initial value, handle and shared name).
x = tf.constant([[1., 2.], [3., 4.]])
total = tf.reduce_sum(x) + tf.matmul(x, tf.ones([2, 2]))[0, 0]
v = tf.Variable(1.)
w = tf.Variable([1., 2.], name="w")
print(v.read_value(), w.value())


@tf.function
def scaled(a):
    return a * v + total


print(scaled.get_concrete_function(tf.constant(1.)).name)


@tf.function
def pair(a):
    return a + 1, a * 2


print(pair(tf.constant(1.)))
print(pair.get_concrete_function(tf.constant(1.)).name)
try:
    tf.reshape(tf.ones([3]), [2, 2])
except tf.errors.InvalidArgumentError as error:
    print(type(error).__name__)


@tf.function
def plus_one(a):
    return a + 1


print(plus_one(3), plus_one.get_concrete_function(3).name)
print(plus_one(tf.constant(3)), plus_one.get_concrete_function(tf.constant(3)).name)
print(plus_one(tf.ones([2])), plus_one.get_concrete_function(tf.ones([2])).name)


@tf.function
def grad(a):
    with tf.GradientTape() as tape:
        tape.watch(a)
        b = a * a
    return tape.gradient(b, a)


print(grad(tf.constant([1., 2.])), grad.get_concrete_function(tf.constant([1., 2.])).name)


@tf.function
def unrolled(a, scale=2.0):
    for i in range(3):
        a = a * scale + i
    return a


print(unrolled(tf.constant(1.), scale=3.0))
print(unrolled.get_concrete_function(tf.constant(1.), scale=3.0).name)
show(ratio, tf.constant([0, 1, 2]))
ratio(tf.constant([4, 0]))
