# Gradients of broadcasting ops inside a tf.function: `SmartBroadcastGradientArgs` makes
# both shapes constants (`Shape`, `Shape_1`), each broadcast input's gradient is summed
# with kept dims and reshaped to its `Shape`; a partial reduce_sum's gradient computes its
# kept shape and tile scaling once per graph (`Maximum`, `floordiv`) before `Reshape` and
# `Tile`.
import tensorflow as tf


def show(function, *args):
    concrete = function.get_concrete_function(*args)
    for op in concrete.graph.get_operations():
        print(" ", op.name, op.type, [t.name for t in op.inputs])
    print(function(*args))


@tf.function
def broadcast(x, y):
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        z = tf.reduce_sum(x * y - y, axis=0)
    return tape.gradient(z, [x, y])


@tf.function
def scaled(x, bias):
    with tf.GradientTape() as tape:
        tape.watch(bias)
        z = tf.reduce_sum(x * 3. + bias, axis=1)
    return tape.gradient(z, bias)


show(broadcast, tf.constant([[1., 2.], [3., 4.]]), tf.constant([3., 4.]))
show(scaled, tf.constant([[1., 2., 3.], [4., 5., 6.]]), tf.constant([[1.], [2.]]))
