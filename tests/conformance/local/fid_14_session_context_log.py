# tf.debugging.set_log_device_placement(True) before any op also makes Sessions print
# their graph's placement (BatchMatMulV2 named MatMul).
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
gr = tf.compat.v1.Graph()
with gr.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [None, 2, 3])
    y = tf.ones([3, 4])
    z = tf.matmul(x, y)
    w = tf.add(z, 1.0, name="shifted")
    with tf.compat.v1.Session() as s:
        print(s.run(w, {x: [[[1, 2, 3], [4, 5, 6]]]}))
        print(s.run(z, {x: [[[1, 2, 3], [4, 5, 6]]]}))
