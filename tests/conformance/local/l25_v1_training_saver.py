# TF1 training as the r1 guides write it: placeholders, tf.compat.v1.losses, GradientDescentOptimizer.minimize with a global step, collections, Saver save/restore
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, shape=[None, 1])
y_true = tf.placeholder(tf.float32, shape=[None, 1])
W = tf.get_variable("W", shape=[1, 1], initializer=tf.zeros_initializer())
b = tf.Variable(tf.zeros([1]), name="b")
y_pred = tf.matmul(x, W) + b
loss = tf.losses.mean_squared_error(labels=y_true, predictions=y_pred)
global_step = tf.train.get_or_create_global_step()
optimizer = tf.train.GradientDescentOptimizer(0.01)
train = optimizer.minimize(loss, global_step=global_step)
print(tf.trainable_variables())
print(tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES))
init = tf.global_variables_initializer()
saver = tf.train.Saver()
xs = np.array([[1], [2], [3], [4]], np.float32)
ys = np.array([[0], [-1], [-2], [-3]], np.float32)
with tf.Session() as sess:
  sess.run(init)
  for i in range(100):
    _, loss_value = sess.run((train, loss), feed_dict={x: xs, y_true: ys})
    if i % 20 == 0:
      print(i, loss_value)
  print(sess.run(global_step))
  path = saver.save(sess, "/tmp/model.ckpt")
  print(path)
with tf.Session() as sess:
  saver.restore(sess, "/tmp/model.ckpt")
  print(sess.run(W))
m = tf.train.MomentumOptimizer(0.1, 0.9)
a = tf.train.AdamOptimizer(0.1)
print(type(m).__name__, type(a).__name__)
