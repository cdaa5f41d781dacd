# tf.random.normal and truncated_normal of a few thousand values: glibc's logf and sincosf, bit for bit
import tensorflow as tf
tf.random.set_seed(3)
x = tf.random.normal([5, 15, 13, 8])
print(x.numpy().reshape(-1)[:80].tolist())
print(float(tf.reduce_sum(x)), float(tf.reduce_max(x)))
t = tf.random.truncated_normal([4000], seed=7)
print(t.numpy()[1000:1040].tolist())
g = tf.random.Generator.from_seed(11)
print(g.normal([3000]).numpy()[2900:2930].tolist())
print(tf.random.stateless_normal([2000], seed=[4, 5]).numpy()[-20:].tolist())
