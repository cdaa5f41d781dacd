import tensorflow as tf
y, idx = tf.unique(tf.constant([3, 1, 3, 2, 1]))
print(y, idx)
print(tf.unique(tf.constant(["b", "a", "b"]), out_idx=tf.int64))
try:
    tf.unique(tf.constant([[1, 2]]))
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def f(x):
    return tf.unique(x)
try:
    f(tf.constant([[1, 2]]))
except Exception as e:
    print(type(e).__name__, e)
print(f.get_concrete_function(tf.TensorSpec([None], tf.float32)).structured_outputs)
x = tf.constant([1.0, 2.0, 1.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y, idx = tf.unique(x)
    s = tf.reduce_sum(y)
try:
    print(tape.gradient(s, x))
except Exception as e:
    print(type(e).__name__, e)
print(tf.where([True, False, True]))
print(tf.where(tf.constant([[0, 2], [3, 0]])))
@tf.function
def w(x):
    return tf.where(x)
print(w.get_concrete_function(tf.TensorSpec([None, 3], tf.bool)).structured_outputs)
