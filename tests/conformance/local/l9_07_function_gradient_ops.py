# The ops tape.gradient adds inside a tf.function: the `ones` seed in the caller's scope,
# each op's gradient under `gradient_tape/<its forward name scope>/` (`x * y` opens `mul`,
# tf.reduce_sum opens none), the multiply's gradient as `Mul(grad, y)` and
# `Mul(grad, x)`, no work for inputs that take no gradient (skip_input_indices), and
# several contributions summed by one top-level `AddN`.
import tensorflow as tf

v = tf.Variable([[1., 2.], [3., 4.]])


def show(function, *args):
    concrete = function.get_concrete_function(*args)
    for op in concrete.graph.get_operations():
        print(" ", op.name, op.type, [t.name for t in op.inputs])
    print(function(*args))


@tf.function
def product(x, y):
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = x * y
    return tape.gradient(z, [x, y])


@tf.function
def total(x, y):
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = x + y
    return tape.gradient(z, [x, y])


@tf.function
def projected(x):
    with tf.GradientTape() as tape:
        z = tf.reduce_sum(tf.matmul(x, v))
    return tape.gradient(z, v)


@tf.function
def used_twice(x):
    with tf.GradientTape() as tape:
        z = tf.reduce_sum(v * x + v)
    return tape.gradient(z, v)


show(product, tf.constant([1., 2.]), tf.constant([3., 4.]))
show(total, tf.constant([1., 2.]), tf.constant([3., 4.]))
show(projected, tf.constant([[1., 2.]]))
show(used_twice, tf.constant(2.))
