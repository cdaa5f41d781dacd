# probe q82_tf1_graph_train: user-style program (corpus 3)
import numpy as np
import tensorflow as tf

g = tf.Graph()
with g.as_default():
    tf.compat.v1.set_random_seed(1)
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]], name="a")
    v = tf.compat.v1.Variable(tf.ones([2, 1]), name="v")
    counter = tf.compat.v1.Variable(0, name="counter", trainable=False)
    inc = tf.compat.v1.assign_add(counter, 1)
    prod = tf.matmul(a, v, name="prod")
    total = tf.reduce_sum(prod)
    init = tf.compat.v1.global_variables_initializer()
    print(prod.name, prod.op.type, total.graph is g)
    print(tf.compat.v1.get_default_graph() is g)

print("outside, eager:", tf.executing_eagerly())
with tf.compat.v1.Session(graph=g) as sess:
    sess.run(init)
    print(sess.run(prod).ravel(), sess.run(total))
    for _ in range(3):
        sess.run(inc)
    print("counter:", sess.run(counter))
    print(sess.run(prod, feed_dict={v: np.array([[2.0], [0.5]], dtype=np.float32)}).ravel())
    print(g.get_tensor_by_name("a:0").shape, g.get_operation_by_name("prod").type)

g2 = tf.Graph()
with g2.as_default():
    xs = tf.compat.v1.placeholder(tf.float32, [None])
    ys = tf.compat.v1.placeholder(tf.float32, [None])
    w = tf.compat.v1.get_variable("w", initializer=0.0)
    c = tf.compat.v1.get_variable("c", initializer=0.0)
    loss = tf.reduce_mean(tf.square(w * xs + c - ys))
    opt = tf.compat.v1.train.AdamOptimizer(0.5).minimize(loss)
    init = tf.compat.v1.global_variables_initializer()
    print(len(tf.compat.v1.global_variables()))
data_x = np.array([0.0, 1.0, 2.0, 3.0], dtype=np.float32)
data_y = 2 * data_x + 1
sess = tf.compat.v1.Session(graph=g2)
sess.run(init)
for i in range(5):
    l, _ = sess.run([loss, opt], {xs: data_x, ys: data_y})
    print(i, round(float(l), 4))
print(np.round(sess.run([w, c]), 3))
sess.close()
print(tf.constant(1.0).numpy() + 1)
