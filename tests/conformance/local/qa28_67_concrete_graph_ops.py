# probe q67_concrete_graph_ops: user-style program (corpus 3)
import tensorflow as tf

@tf.function
def dense_relu(x, w, b):
    return tf.nn.relu(tf.matmul(x, w) + b)

cf = dense_relu.get_concrete_function(
    tf.TensorSpec([None, 3], tf.float32),
    tf.TensorSpec([3, 2], tf.float32),
    tf.TensorSpec([2], tf.float32))
print(type(cf).__name__)
print(cf.structured_input_signature)
print(cf.structured_outputs)
print([inp.shape for inp in cf.inputs])
print([out.shape for out in cf.outputs])
ops = [op.type for op in cf.graph.get_operations()]
print(ops)
print(sorted(set(ops)))

x = tf.ones([2, 3])
w = tf.constant([[1.0, -1.0], [0.5, 0.5], [2.0, -2.0]])
b = tf.constant([0.1, 0.2])
print(cf(x, w, b).numpy())
print(dense_relu(x, w, b).numpy())
try:
    cf(tf.ones([2, 4]), w, b)
except Exception as e:
    print("concrete fn rejects:", type(e).__name__)

@tf.function
def scale(x, factor):
    return x * factor

c2 = scale.get_concrete_function(tf.TensorSpec(None, tf.float32), 3.0)
print(c2(tf.constant([1.0, 2.0])).numpy())
print(len(c2.graph.get_operations()) > 0)
g = tf.Graph()
with g.as_default():
    a = tf.constant(2.0, name="a")
    b2 = tf.constant(3.0, name="b")
    c = tf.add(a, b2, name="c")
print([op.name for op in g.get_operations()])
print(c.name, c.op.type, [i.name for i in c.op.inputs])
print(tf.executing_eagerly())
