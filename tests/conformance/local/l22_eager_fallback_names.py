import tensorflow as tf
x = tf.constant([[3., 1., 2.], [0., 5., 5.]])
for f in [lambda: tf.math.top_k(x, k=4), lambda: tf.math.top_k([[3., 1., 2.]], k=4), lambda: tf.math.top_k(tf.constant([[3., 1., 2.]]), k=4), lambda: tf.math.top_k(x, k=4), lambda: tf.nn.top_k(x, k=4)]:
    try:
        f()
    except Exception as e:
        print(repr(str(e)[-30:]))
p = tf.constant([[1.0, 2.0], [3.0, 4.0]])
for f in [lambda: tf.gather_nd(p, tf.constant([[2, 0]])), lambda: tf.gather_nd(p, [[2, 0]]), lambda: tf.scatter_nd(tf.constant([[5]]), tf.constant([1.0]), tf.constant([4])), lambda: tf.scatter_nd(tf.constant([[5]]), tf.constant([1.0]), [4]), lambda: tf.math.top_k([[1.0, 2.0]], k=tf.constant([1]))]:
    try:
        f()
    except Exception as e:
        print(repr(str(e)[-40:]))
