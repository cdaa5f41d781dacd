# Graph names, shape-function errors and NodeDefs of BatchMatMulV2 (tf.function, v1 graph).
import tensorflow as tf


@tf.function
def f(x, y, z):
    return [tf.matmul(x, y), x @ y, tf.matmul(x, y, name="bmm"), tf.matmul(z, z), z @ z,
            tf.matmul(x, y, transpose_a=True, transpose_b=True), tf.matmul(x, z), z @ x,
            tf.linalg.matmul(x, y)]


cf = f.get_concrete_function(tf.TensorSpec([2, 3, 3]), tf.TensorSpec([2, 3, 3]), tf.TensorSpec([3, 3]))
print([op.name + ":" + op.type for op in cf.graph.get_operations() if op.type != "Identity"])
print([t.shape for t in cf.outputs])


@tf.function
def g(x, y):
    return tf.matmul(x, y)


for shapes in [([2, 2, 3], [3, 3, 4]), ([2, 2, 3], [2, 4, 4]), ([3], [2, 3, 4]), ([None, 2, 3], [5, 3, 1]), (None, [3, 4])]:
    try:
        out = g.get_concrete_function(tf.TensorSpec(shapes[0]), tf.TensorSpec(shapes[1])).outputs[0]
        print(out.shape, out.op.type)
    except Exception as e:
        print(type(e).__name__, e)

try:
    g(tf.ones([2, 2, 3], tf.int32), tf.ones([2, 3, 4]))
except Exception as e:
    print(type(e).__name__, e)

gr = tf.compat.v1.Graph()
with gr.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [None, 2, 3])
    y = tf.ones([3, 4])
    z = tf.matmul(x, y)
    w = tf.matmul(tf.ones([2, 3]), y)
    print(z, w, [op.name + ":" + op.type for op in gr.get_operations()])
    print(z.op)
    with tf.compat.v1.Session() as s:
        print(s.run(z, {x: [[[1, 2, 3], [4, 5, 6]]]}))
