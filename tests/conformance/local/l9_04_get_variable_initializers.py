# tf.compat.v1.get_variable with integer dtypes, initializer objects (tf.* and
# tf.compat.v1.*) and plain values, in a graph and eagerly.
import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    a = tf.compat.v1.get_variable("a", shape=[2], dtype=tf.int32,
                                  initializer=tf.constant_initializer(1))
    b = tf.compat.v1.get_variable("b", dtype=tf.int32, initializer=1)
    c = tf.compat.v1.get_variable("c", shape=[3], dtype=tf.int32,
                                  initializer=tf.compat.v1.constant_initializer(7))
    e = tf.compat.v1.get_variable("e", initializer=3)
    f = tf.compat.v1.get_variable("f", initializer=[[1.5, 2.5]])
    z = tf.compat.v1.get_variable("z", shape=[2, 2], dtype=tf.int64,
                                  initializer=tf.compat.v1.zeros_initializer())
    o = tf.compat.v1.get_variable("o", shape=[2], dtype=tf.float64,
                                  initializer=tf.ones_initializer())
    print(a, b, c, e, f, z, o, sep="\n")
    for op in graph.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])
    attempts = [
        lambda: tf.compat.v1.get_variable("h", shape=[1], initializer=1),
        lambda: tf.compat.v1.get_variable("k", initializer=[1.5], dtype=tf.float64),
        lambda: tf.compat.v1.get_variable("e", initializer=3),
    ]
    for attempt in attempts:
        try:
            attempt()
        except ValueError as error:
            print("ValueError:", error)
    with tf.compat.v1.Session() as session:
        session.run(tf.compat.v1.global_variables_initializer())
        print(session.run([a, b, c, e, f, z, o]))

v = tf.compat.v1.get_variable("v", shape=[2], dtype=tf.int32,
                              initializer=tf.constant_initializer(1))
print(v)
print(tf.compat.v1.get_variable("w", initializer=5))
print(tf.compat.v1.get_variable("u", dtype=tf.int32, initializer=[4, 5]))
print(tf.compat.v1.get_variable("v", shape=[2], initializer=tf.zeros_initializer()))
