# TF1 default session: as_default, with Session(), get_default_session, Tensor.eval, Variable.eval, read_value
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
a = tf.constant(3.0)
sess = tf.Session()
with sess.as_default():
    print(a.eval())
    print(tf.get_default_session() is sess)
print(a.eval(session=sess))
v = tf.get_variable("v", shape=(), initializer=tf.zeros_initializer())
print(v.initializer.name if hasattr(v, "initializer") else "no initializer")
w = v + 1
assignment = v.assign_add(1)
with tf.Session() as sess:
    sess.run(v.initializer)
    print(sess.run(assignment), sess.run(w))
    print(v.eval(session=sess))
    print(v.read_value())
