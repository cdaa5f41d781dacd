import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
p = tf.placeholder(tf.bool, [])
x = tf.constant(2.0)
y = tf.cond(p, lambda: x * 3.0, lambda: x - 1.0)
print(y)
print([(op.name, op.type) for op in tf.get_default_graph().get_operations()])
with tf.Session() as sess:
    print(sess.run(y, feed_dict={p: True}), sess.run(y, feed_dict={p: False}))
