# concrete function signatures as TF prints them
import tensorflow as tf
v = tf.Variable(2.0)
@tf.function
def f(x, n, scale=1.0, *, flag=True):
    return {"y": x * scale, "n": n}, (x, [x + 1.0])
cf = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32), 3)
print(cf)
print(repr(cf).split(" at 0x")[0])
@tf.function
def g(a, b):
    return a + b
g(tf.constant(1), tf.constant(2))
g(1.0, tf.constant([2.0]))
print(g.pretty_printed_concrete_signatures())
print(g.pretty_printed_concrete_signatures(verbose=False))
@tf.function
def h():
    print("hi")
print(h.get_concrete_function())
