# A list holding graph tensors converts to one tensor (TensorFlow's autopacking) wherever a
# tensor is expected.
import tensorflow as tf
print(tf.convert_to_tensor([tf.constant(1), 2]))
@tf.function
def f(x):
    s = tf.shape(x)
    packed = tf.convert_to_tensor([s[0], 4])
    print(packed.name, packed.shape)
    return tf.reshape(x, [s[0], 2]), tf.zeros([s[0], 3]), packed, tf.add([s[1], s[0]], 1)
print(f(tf.ones([2, 2])))
@tf.function
def g(x):
    with tf.GradientTape() as t:
        t.watch(x)
        z = tf.reduce_sum(x ** 2 + 3.0 ** x)
    return t.gradient(z, x)
print(g(tf.constant([1.0, 2.0])))
