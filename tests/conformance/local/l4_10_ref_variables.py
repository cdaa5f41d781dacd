import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
v = tf.Variable(1.0, name="v")
w = tf.get_variable("w", shape=[2], initializer=tf.zeros_initializer())
print(v)
print(w)
print(v.name, v.op.name, v.op.type, v.dtype)
u = v.assign_add(2.0)
s = v.assign_sub(0.5)
print(u)
print([op.name + ":" + op.type for op in tf.get_default_graph().get_operations()])
init = tf.global_variables_initializer()
with tf.Session() as sess:
    try:
        sess.run(v)
    except tf.errors.FailedPreconditionError as e:
        print(type(e).__name__, e.message)
    sess.run(init)
    print(sess.run(u), sess.run(s), sess.run(v))
    print(sess.run(v.read_value()))
    print(sess.run(w))
