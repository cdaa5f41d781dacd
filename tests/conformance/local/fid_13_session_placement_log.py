# A v1 Session with log_device_placement prints the whole graph's placement once, at its
# first run: nodes in graph order, generators (Const, Placeholder) last.
import tensorflow as tf
g = tf.compat.v1.Graph()
with g.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [2])
    y = tf.constant([1.0, 2.0])
    z = tf.add(x, y) * 2.0
    unused = tf.constant(5.0) + 1.0
    with tf.compat.v1.Session(config=tf.compat.v1.ConfigProto(log_device_placement=True)) as s:
        print(s.run(z, {x: [1.0, 1.0]}))
        print("again")
        print(s.run(z, {x: [2.0, 2.0]}))
        print("other fetch")
        print(s.run([z, unused], {x: [2.0, 2.0]}))
