# tf.strings.reduce_join: axes order, keepdims, separator, ragged rows, in tf.function; tf.strings.join
import tensorflow as tf
x = tf.constant([["a", "b", "c"], ["d", "e", "f"]])
print(tf.strings.reduce_join(x))
print(tf.strings.reduce_join(x, axis=0))
print(tf.strings.reduce_join(x, axis=1, separator="-"))
print(tf.strings.reduce_join(x, axis=-1, keepdims=True))
print(tf.strings.reduce_join(x, axis=[1, 0]))
print(tf.strings.reduce_join(x, axis=[0, 1]))
print(tf.strings.reduce_join(["x", "y"], separator=", "))
print(tf.strings.reduce_join(tf.ragged.constant([["a", "b"], ["c"], []]), axis=-1))
print(tf.strings.reduce_join(tf.constant([], tf.string)))
@tf.function
def f(t):
    return tf.strings.reduce_join(t, axis=1)
print(f(x))
print(tf.strings.join(["a", "b"], separator="+"))
print(tf.strings.join([x, "!"]))
