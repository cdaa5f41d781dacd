# tf.random.shuffle and tf.random.categorical, seeded: TensorFlow's numbers, eagerly and in tf.function
import tensorflow as tf
tf.random.set_seed(42)
print(tf.random.shuffle(tf.range(10)))
print(tf.random.shuffle(tf.range(10)))
x = tf.reshape(tf.range(12.0), [6, 2])
print(tf.random.shuffle(x, seed=3))
print(tf.random.shuffle(tf.constant([7])))
logits = tf.math.log([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]])
print(tf.random.categorical(logits, 8))
print(tf.random.categorical(logits, 5, dtype=tf.int32, seed=7))
print(tf.random.categorical([[1.0, float("-inf"), 2.0]], 6))
s = tf.random.categorical(tf.zeros([3, 65]), 1)
print(s.shape, s.dtype)
print(tf.squeeze(tf.random.categorical(tf.random.normal([1, 65]), num_samples=1), axis=-1).numpy())

@tf.function
def sample(l):
    return tf.random.categorical(l, 4), tf.random.shuffle(tf.range(5))
print(sample(logits))
print(sample(logits))
print(sample.get_concrete_function(logits).graph.get_operations()[1].name)
try:
    tf.random.categorical(logits, 3, dtype=tf.float32)
except ValueError as e:
    print(e)
try:
    tf.random.categorical([1.0, 2.0], 3)
except Exception as e:
    print(type(e).__name__, e)
emb = tf.reshape(tf.range(20.0), [5, 4])
print(tf.nn.embedding_lookup(emb, [0, 3, 3]))
print(tf.nn.embedding_lookup(emb, [[1], [4]], max_norm=2.0))
print(tf.losses.MeanSquaredError()([1.0], [2.0]).numpy(), tf.optimizers.Adam is tf.keras.optimizers.Adam)
m = tf.metrics.SparseCategoricalAccuracy()
m.update_state([1], [[0.2, 0.8]])
print(m.result().numpy())
