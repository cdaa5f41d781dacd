# Shape-function errors at graph construction: inside tf.function and in tf.compat.v1
# graphs, TensorFlow's ValueError names the node (its attrs and inputs) and the input
# shapes, plus the constants or partial shapes the shape function read.
import tensorflow as tf


def report(function, *args):
    try:
        function(*args)
    except ValueError as error:
        print(type(error).__name__, str(error).strip().splitlines()[-1].strip())


@tf.function
def matmul(a):
    return tf.matmul(a, tf.ones([2, 3]))


@tf.function
def matmul_transposed(a, b):
    return tf.matmul(a, b, transpose_b=True, name="scores")


@tf.function
def broadcast_add(a):
    return a + tf.ones([4])


@tf.function
def named_multiply(a, b):
    return tf.multiply(a, b, name="prod")


@tf.function
def integer_add(a, b):
    return a + b


@tf.function
def double_subtract(a):
    return a - tf.constant([1., 2., 3.], tf.float64)


@tf.function
def reshape_count(a):
    return tf.reshape(a, [4, 2])


@tf.function
def reshape_divisible(a):
    return tf.reshape(a, [4, -1])


@tf.function
def concat_dims(a):
    return tf.concat([a, tf.ones([3, 2])], axis=0)


@tf.function
def concat_ranks(a):
    return tf.concat([a, tf.ones([3])], axis=-1)


@tf.function
def stack_shapes(a, b):
    return tf.stack([a, b], axis=1)


@tf.function
def squeeze_dim(a):
    return tf.squeeze(a, axis=[0])


@tf.function
def expand_dims(a):
    return tf.expand_dims(a, -4)


@tf.function
def gather_axis(a):
    return tf.gather(a, [0], axis=3)


@tf.function
def bias_add(a):
    return tf.nn.bias_add(a, tf.ones([2]))


@tf.function
def tile(a):
    return tf.tile(a, [1, 2, 3])


@tf.function
def compare(a, b):
    return tf.equal(a, b)


@tf.function
def logical(a, b):
    return tf.logical_and(a, b)


@tf.function
def subscript(a):
    return a[5]


@tf.function
def broadcast_to(a):
    return tf.broadcast_to(a, [2, 4])


@tf.function
def reduce_axis(a):
    return tf.reduce_sum(a, axis=5) + tf.reduce_mean(a, axis=-3)


@tf.function
def split_uneven(a):
    return tf.split(a, 2, axis=1)


@tf.function
def transpose_rank(a):
    return tf.transpose(a, [1, 0, 2])


@tf.function
def pad_rank(a):
    return tf.pad(a, [[1, 1], [2, 2], [0, 0]])


@tf.function
def mirror_pad_rank(a):
    return tf.pad(a, [[1, 1]], mode="REFLECT")


@tf.function
def conv_depth(a):
    return tf.nn.conv2d(a, tf.ones([3, 3, 2, 4]), 1, "SAME")


@tf.function
def matmul_operator(a):
    return tf.nn.softmax(a) @ a


def full_message(function, *args):
    try:
        function(*args)
    except ValueError as error:
        print(repr(str(error)))


x = tf.ones([2, 3])
report(reduce_axis, x)
report(transpose_rank, x)
report(pad_rank, x)
report(mirror_pad_rank, x)
report(conv_depth, tf.ones([1, 4, 4, 3]))
report(matmul_operator, x)
full_message(split_uneven, x)
full_message(stack_shapes, x, tf.ones([3, 2]))
report(matmul, x)
report(matmul_transposed, x, tf.ones([3, 2]))
report(broadcast_add, x)
report(named_multiply, x, tf.ones([3, 2]))
report(integer_add, tf.constant([1, 2]), tf.constant([1, 2, 3]))
report(double_subtract, tf.constant([1., 2.], tf.float64))
report(reshape_count, x)
report(reshape_divisible, x)
report(concat_dims, x)
report(concat_ranks, x)
report(stack_shapes, x, tf.ones([3, 2]))
report(squeeze_dim, x)
report(expand_dims, x)
report(gather_axis, x)
report(bias_add, x)
report(tile, x)
report(compare, tf.constant([1, 2]), tf.constant([1, 2, 3]))
report(logical, tf.constant([True, False]), tf.constant([True, False, True]))
report(subscript, x)
report(broadcast_to, x)

graph = tf.Graph()
with graph.as_default():
    a = tf.compat.v1.placeholder(tf.float32, [None, 3], name="a")
    b = tf.compat.v1.placeholder(tf.float32, [4, 5], name="b")
    report(lambda: tf.matmul(a, b))
    report(lambda: a * b)
    report(lambda: tf.reshape(b, [3, -1]))
    report(lambda: tf.reshape(a, [4, -1]))
    report(lambda: b[5])
    report(lambda: b[:, 1:][0, 7])
    report(lambda: tf.concat([a, b], 0))
    report(lambda: tf.expand_dims(b, 3, name="grow"))
    print(tf.matmul(a, tf.ones([3, 2])).shape)
    tf.matmul(b, b, name="last")
