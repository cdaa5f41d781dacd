# Sum and Mean gradients of a tensor of unknown batch size, op by op
import tensorflow as tf
@tf.function
def f(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_mean(x * 2.0)
        z = tf.reduce_sum(x)
    return tape.gradient([y, z], x)
cf = f.get_concrete_function(tf.TensorSpec([None, 3]))
for op in cf.graph.get_operations():
    print(op.name, op.type, [i.name for i in op.inputs])
print(f(tf.ones([2, 3])))
