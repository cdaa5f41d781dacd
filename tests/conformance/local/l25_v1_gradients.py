# tf.gradients in a TF1 graph with an unknown batch dimension, and a hand-written update
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, shape=[None, 1])
y_true = tf.placeholder(tf.float32, shape=[None, 1])
W = tf.get_variable("W", shape=[1, 1], initializer=tf.zeros_initializer())
b = tf.Variable(tf.zeros([1]), name="b")
y_pred = tf.matmul(x, W) + b
loss = tf.reduce_mean(tf.square(y_pred - y_true))
gW, gb = tf.gradients(loss, [W, b])
train = tf.group(tf.assign_sub(W, 0.01 * gW), tf.assign_sub(b, 0.01 * gb))
print(tf.trainable_variables())
init = tf.global_variables_initializer()
xs = np.array([[1], [2], [3], [4]], np.float32)
ys = np.array([[0], [-1], [-2], [-3]], np.float32)
with tf.Session() as sess:
  sess.run(init)
  for i in range(100):
    _, loss_value = sess.run((train, loss), feed_dict={x: xs, y_true: ys})
    if i % 20 == 0:
      print(i, loss_value)
