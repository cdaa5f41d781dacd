# tf.sparse.reduce_max over present values; softmax cross-entropy gradient with multi-hot labels
import tensorflow as tf
st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2], [2, 1]], values=[-1.0, -2.0, 3.0], dense_shape=[3, 4])
print(tf.sparse.reduce_max(st))
print(tf.sparse.reduce_max(st, axis=1))
print(tf.sparse.reduce_max(st, axis=0, keepdims=True))
print(tf.sparse.reduce_sum(st, axis=1))
s2 = tf.sparse.slice(st, [1, 1], [5, 5])
print(s2)
print(tf.sparse.to_dense(s2))
labels = tf.constant([[1.0, 1.0, 0.0], [0.0, 0.5, 0.5]])
logits = tf.Variable([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
print(loss)
print(tape.gradient(loss, logits))
with tf.GradientTape() as tape:
    l2 = tf.reduce_sum(tf.keras.losses.categorical_crossentropy(labels, logits, from_logits=True))
print(l2, tape.gradient(l2, logits))
