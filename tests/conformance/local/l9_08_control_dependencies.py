# tf.control_dependencies, the TF2 name: executing eagerly it calls the callables among its
# inputs and nothing else; in a graph its ops wait on the inputs' ops, except where an input
# was made inside the same scope (dominated) or is read as data; None clears the scopes
# around it; a function drops eager tensors from outside. Non-tensors are refused.
import tensorflow as tf
x = tf.constant(1.)
calls = []
with tf.control_dependencies([lambda: calls.append(1), x]):
    y = x + 1
print(y, calls)
with tf.control_dependencies(None):
    print(x * 2)


@tf.function
def f(a):
    first = a * 3
    with tf.control_dependencies([first]):
        b = tf.identity(a)
        with tf.control_dependencies(None):
            c = a * 2
        d = tf.identity(b)
    with tf.control_dependencies([x]):
        e = a + 1
    return b + c + d + e


print(f(tf.constant(2.)))
for op in f.get_concrete_function(tf.constant(2.)).graph.get_operations():
    print(op.name, op.type, [t.name for t in op.inputs], [c.name for c in op.control_inputs])
g = tf.Graph()
with g.as_default():
    a = tf.constant(1.)
    with tf.control_dependencies([a]):
        b = tf.constant(2.)
        with tf.control_dependencies([b.op, a]):
            c = a + b
    print([(op.name, [i.name for i in op.control_inputs]) for op in g.get_operations()])
    try:
        with tf.control_dependencies([1]):
            pass
    except TypeError as error:
        print(error)
    with tf.control_dependencies([]):
        print(tf.constant(3.).op.control_inputs)
