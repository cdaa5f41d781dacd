import tensorflow as tf
x = tf.Variable([[1.0, 2.0, 3.0]])
print(tf.reverse(x, [1]), tf.reverse(x, [-1, 0]))
@tf.function
def bad():
    return tf.reverse(tf.ones([2, 3]), [4])
@tf.function
def twice():
    return tf.reverse(tf.ones([2, 3]), [1, -1])
for f in [bad, twice]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def g():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.reverse(x, [1]) * tf.constant([[1.0, 2.0, 3.0]]))
    return tape.gradient(y, x)
print(g())
print([(op.name, op.type) for op in g.get_concrete_function().graph.get_operations() if op.type == "ReverseV2"])
try:
    tf.reverse(x, [3])
except Exception as e:
    print(type(e).__name__, e)
