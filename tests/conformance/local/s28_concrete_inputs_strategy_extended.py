# ConcreteFunction.structured_input_signature names its specs after the parameters; .inputs/.outputs; strategy.extended's class per strategy; a variable as a TF1 feed_dict key
import numpy as np
import tensorflow as tf

@tf.function
def dense_relu(x, w, b):
    return tf.nn.relu(tf.matmul(x, w) + b)

cf = dense_relu.get_concrete_function(
    tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([3, 2], tf.float32),
    tf.TensorSpec([2], tf.float32))
print(cf.structured_input_signature)
print([i.shape for i in cf.inputs], [o.shape for o in cf.outputs])
print([i.name for i in cf.inputs], [o.dtype for o in cf.outputs])

@tf.function
def scale(t, k=2.0):
    return t * k
c2 = scale.get_concrete_function(tf.constant([1.0, 2.0]))
print(c2.structured_input_signature[0][0], len(c2.inputs))

for strategy in (tf.distribute.MirroredStrategy(["/cpu:0"]), tf.distribute.OneDeviceStrategy("/cpu:0"),
                 tf.distribute.get_strategy()):
    ext = strategy.extended
    print(type(ext).__name__, isinstance(ext, tf.distribute.StrategyExtended))

g = tf.Graph()
with g.as_default():
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    v = tf.compat.v1.Variable(tf.ones([2, 1]), name="v")
    prod = tf.matmul(a, v)
    init = tf.compat.v1.global_variables_initializer()
with tf.compat.v1.Session(graph=g) as sess:
    sess.run(init)
    print(sess.run(prod, feed_dict={v: np.array([[2.0], [0.5]], np.float32)}).ravel())
    try:
        sess.run(prod, feed_dict={v: np.zeros([3], np.float32)})
    except ValueError as e:
        print("ValueError", e)
