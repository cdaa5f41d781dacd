# The r1 graphs guide: initializers, feeds and their errors, an Adagrad training loop with a FileWriter, several graphs and sessions
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
tf.set_random_seed(3)
x = tf.constant([[37.0, -23.0], [1.0, 4.0]])
w = tf.Variable(tf.random_uniform([2, 2]))
y = tf.matmul(x, w)
output = tf.nn.softmax(y)
init_op = w.initializer
with tf.Session() as sess:
  sess.run(init_op)
  print(sess.run(output))
  y_val, output_val = sess.run([y, output])
  print(y_val)
x = tf.placeholder(tf.float32, shape=[3])
y = tf.square(x)
with tf.Session() as sess:
  print(sess.run(y, {x: [1.0, 2.0, 3.0]}))
  print(sess.run(y, {x: [0.0, 0.0, 5.0]}))
  try:
    sess.run(y)
  except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0])
  try:
    sess.run(y, {x: 37.0})
  except ValueError as e:
    print(type(e).__name__, e)
x = tf.constant([[37.0, -23.0], [1.0, 4.0]])
w = tf.Variable(tf.random_uniform([2, 2]))
y = tf.matmul(x, w)
loss = tf.reduce_sum(tf.square(y))
train_op = tf.train.AdagradOptimizer(0.01).minimize(loss)
with tf.Session() as sess:
  sess.run(tf.global_variables_initializer())
  writer = tf.summary.FileWriter("/tmp/log/", sess.graph)
  for i in range(100):
    sess.run(train_op)
  print(sess.run(loss))
  writer.close()
g_1 = tf.Graph()
with g_1.as_default():
  c = tf.constant("Node in g_1")
  sess_1 = tf.Session()
g_2 = tf.Graph()
with g_2.as_default():
  d = tf.constant("Node in g_2")
sess_2 = tf.Session(graph=g_2)
assert c.graph is g_1
assert sess_1.graph is g_1
assert d.graph is g_2
assert sess_2.graph is g_2
print(sess_1.run(c), sess_2.run(d))
