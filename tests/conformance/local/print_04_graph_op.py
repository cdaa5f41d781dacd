# tf.print returns its PrintV2 operation in a graph (None eagerly): control dependencies
# on it inside tf.function, and Session.run of it (every run prints) in a TF1 graph.
import sys
import tensorflow as tf

@tf.function
def f(x):
    op = tf.print("in f", x, output_stream=sys.stdout)
    print(type(op).__name__, op.name, op.type)
    with tf.control_dependencies([op]):
        y = tf.identity(x)
    return y

print(f(tf.constant(4)))
print(tf.print("eager", output_stream=sys.stdout))

g = tf.Graph()
with g.as_default():
    a = tf.constant([1, 2])
    p = tf.print("graph a:", a, output_stream=sys.stdout)
    print(p.name, p.type)
    with tf.compat.v1.Session() as sess:
        print(sess.run(p))
        print("between")
        sess.run(p)
        with tf.control_dependencies([p]):
            b = a * 2
        print(sess.run(b))
