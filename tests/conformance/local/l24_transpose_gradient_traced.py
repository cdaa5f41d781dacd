# Gradients through tf.transpose inside tf.function (attention-style matmuls with transposed keys)
import tensorflow as tf

@tf.function
def grad_of_transpose(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.transpose(x) * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    return tape.gradient(y, x)
print(grad_of_transpose(tf.ones([2, 3])))

w = tf.Variable(tf.reshape(tf.range(24.0), [2, 3, 4]) / 10.0)

@tf.function
def attention_grad(q):
    with tf.GradientTape() as tape:
        scores = tf.matmul(q, tf.transpose(w, [0, 2, 1]))
        out = tf.reduce_sum(tf.linalg.matrix_transpose(scores) * tf.reshape(tf.range(18.0), [2, 3, 3]))
    return tape.gradient(out, w)
print(attention_grad(tf.reshape(tf.range(2 * 3 * 4, dtype=tf.float32), [2, 3, 4]) / 20.0))
