# v1 Session errors name the node as TensorFlow names it: tf.add's 'Add', tf.multiply's 'Mul'.
import tensorflow as tf
g = tf.compat.v1.Graph()
with g.as_default():
    a = tf.compat.v1.placeholder(tf.float32, [None])
    b = tf.compat.v1.placeholder(tf.float32, [None])
    c = tf.add(a, b)
    d = tf.multiply(a, b) / b
    e = tf.matmul(tf.compat.v1.placeholder(tf.float32, [None, 2, 2]), tf.compat.v1.placeholder(tf.float32, [None, 2, 2]))
    with tf.compat.v1.Session() as s:
        for fetch, feed in [(c, {a: [1, 2], b: [1, 2, 3]}), (d, {a: [1, 2], b: [1, 2, 3]})]:
            try:
                s.run(fetch, feed)
            except Exception as ex:
                print(type(ex).__name__, str(ex).splitlines()[:3])
        try:
            s.run(e, {g.get_tensor_by_name("Placeholder_2:0"): [[[1, 2], [3, 4]]], g.get_tensor_by_name("Placeholder_3:0"): [[[1, 2], [3, 4]]] * 3})
            print(s.run(e, {g.get_tensor_by_name("Placeholder_2:0"): [[[1, 2], [3, 4]]] * 2, g.get_tensor_by_name("Placeholder_3:0"): [[[1, 2], [3, 4]]] * 3}))
        except Exception as ex:
            print(type(ex).__name__, str(ex).splitlines()[:3])
