# probe q81_tf1_placeholders: user-style program (corpus 3)
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
print("eager:", tf.executing_eagerly())

x = tf.compat.v1.placeholder(tf.float32, shape=[None, 3], name="x")
y = tf.compat.v1.placeholder(tf.float32, shape=[None, 1], name="y")
print(x)
print(x.shape, x.dtype, x.name)

with tf.compat.v1.variable_scope("layer1"):
    W = tf.compat.v1.get_variable("W", shape=[3, 1], initializer=tf.compat.v1.constant_initializer(0.1))
    b = tf.compat.v1.get_variable("b", shape=[1], initializer=tf.compat.v1.zeros_initializer())
with tf.compat.v1.variable_scope("layer1", reuse=True):
    W_again = tf.compat.v1.get_variable("W")
print(W.name, b.name, W_again is W)

pred = tf.matmul(x, W) + b
loss = tf.reduce_mean(tf.square(pred - y))
train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)
print([v.name for v in tf.compat.v1.global_variables()])
print([v.name for v in tf.compat.v1.trainable_variables()])

X = np.array([[1, 2, 3], [4, 5, 6], [0, 1, 0], [1, 0, 1]], dtype=np.float32)
Y = np.array([[1], [2], [0], [1]], dtype=np.float32)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print("initial loss:", round(float(sess.run(loss, feed_dict={x: X, y: Y})), 4))
    for step in range(3):
        _, l = sess.run([train_op, loss], feed_dict={x: X, y: Y})
        print(step, round(float(l), 4))
    print(np.round(sess.run(W).ravel(), 4), np.round(b.eval(), 4))
    out = sess.run({"pred": pred, "loss": loss}, feed_dict={x: X[:2], y: Y[:2]})
    print(sorted(out.keys()), out["pred"].shape)
    try:
        sess.run(loss, feed_dict={x: X})
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError:", e.message.splitlines()[0][:80])
    try:
        pred.numpy()
    except Exception as e:
        print(type(e).__name__)
