# Division and addition with variables: an operator reads the variable outside its scope,
# tf.truediv / tf.compat.v1.div / tf.add read it inside (truediv_3/ReadVariableOp).
import tensorflow as tf
v = tf.Variable([2.0, 4.0])
w = tf.Variable([1, 2])
@tf.function
def f(x):
    return [v / 2.0, 2.0 / v, tf.divide(v, x), tf.truediv(v, x), tf.truediv(x, v), w / 2, tf.compat.v1.div(w, 2), tf.add(v, x), v + x]
print([op.name + ":" + op.type for op in f.get_concrete_function(tf.TensorSpec([2])).graph.get_operations() if op.type != "Identity"])
print(f(tf.constant([1.0, 2.0])))
print(v / 2, tf.truediv(w, 4), w / v if False else "")
