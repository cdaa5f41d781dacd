# tf.gather with batch_dims (axis after the batch axes, negative batch_dims, gradients, errors)
import tensorflow as tf
p = tf.reshape(tf.range(24), [2, 3, 4])
i = tf.constant([[0, 2], [1, 1]])
print(tf.gather(p, i, batch_dims=1))
print(tf.gather(p, i, axis=2, batch_dims=1))
print(tf.gather(p, tf.constant([[2, 0, 1], [0, 0, 3]]), axis=-1, batch_dims=-1))
print(tf.gather(p, tf.constant([[[0], [1], [2]], [[3], [2], [1]]]), axis=2, batch_dims=2))
x = tf.Variable(tf.ones([2, 3]))
with tf.GradientTape() as t:
    y = tf.reduce_sum(tf.gather(x, [[0, 0], [2, 1]], batch_dims=1) * 2.0)
print(t.gradient(y, x))
for bd, ax in [(2, 1), (3, None)]:
    try:
        tf.gather(p, i, axis=ax, batch_dims=bd)
    except Exception as e:
        print(type(e).__name__, str(e)[:200])
