# tf.name_scope: op names under the scope in graphs (tf.function, tf.compat.v1 graphs),
# made unique per graph; the scope yields its name with a slash. Eagerly it only tracks
# the scope name. A name ending in "/" re-enters that exact scope; "" is the top level.
import tensorflow as tf

with tf.name_scope("block") as scope:
    print(repr(scope))
    with tf.name_scope("inner") as inner:
        print(repr(inner))
    x = tf.constant(1.0)
print(x)
with tf.name_scope("block") as again:
    print(repr(again))


@tf.function
def f(a):
    with tf.name_scope("layer1") as s1:
        b = a * 2.0
    with tf.name_scope("layer1") as s2:
        c = b + 1.0
        with tf.name_scope("inner") as s3:
            d = c * c
        with tf.name_scope("") as top:
            e = d - 1.0
    with tf.name_scope(s1) as s4:
        g = e * 3.0
    print(s1, s2, s3, repr(top), s4)
    return g


graph = f.get_concrete_function(tf.constant(1.0)).graph
print([op.name for op in graph.get_operations()])
print(f(tf.constant(2.0)))

g = tf.Graph()
with g.as_default():
    with tf.name_scope("outer") as o:
        y = tf.constant(3.0, name="y")
        with tf.name_scope("outer") as oo:
            z = y + y
    with tf.compat.v1.name_scope(None, "v1default") as v:
        w = y * 2.0
    with tf.compat.v1.name_scope("v1scope", "ignored") as v2:
        u = -y
    print(o, oo, v, v2)
print(y.name, z.name, w.name, u.name)

try:
    tf.name_scope(3)
except ValueError as error:
    print("ValueError:", error)
