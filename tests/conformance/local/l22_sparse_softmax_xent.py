import tensorflow as tf
logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
labels = tf.constant([0, 1])
loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
print(loss)
print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([2, 0], tf.int64), logits=logits))
x = tf.Variable([[1.0, 2.0, 3.0], [1.0, -1.0, 0.0]])
with tf.GradientTape() as tape:
    l = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=x))
print(l)
print(tape.gradient(l, x))
# rank 3
lg = tf.reshape(tf.range(12, dtype=tf.float32), [2, 2, 3]) / 4.0
lb = tf.constant([[0, 2], [1, 1]])
print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=lb, logits=lg))
# errors
for lab, lg2 in [(tf.constant([[0, 1]]), logits), (tf.constant([0, 3]), logits), (tf.constant([0, 1, 2]), logits)]:
    try:
        print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=lab, logits=lg2))
    except Exception as e:
        print(type(e).__name__, e)
try:
    tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=tf.constant([[1, 2, 3], [1, 2, 3]]))
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0., 1.]), logits=logits)
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def f(lab, lg):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=lab, logits=lg)
print(f(labels, logits))
try:
    print(f(tf.constant([0, 5]), logits))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
print(f.get_concrete_function(labels, logits).graph.get_operations()[-2].type)
