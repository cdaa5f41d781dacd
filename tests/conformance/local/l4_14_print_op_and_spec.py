import tensorflow as tf
with tf.Graph().as_default():
    a = tf.constant([1.0, 2.0], name="a")
    b = tf.add(a, a, name="b")
    print(b.op)
print(tf.TensorSpec([None, 3], tf.float32))
print(repr(tf.TensorSpec(shape=(2,), dtype=tf.int32, name="x")))
