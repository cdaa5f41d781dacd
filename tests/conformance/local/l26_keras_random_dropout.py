# Keras 3's seeded randomness: Dropout's SeedGenerator (a draw from Python's random at
# construction, then stateless dropout on [seed, counter]), keras.random with integer seeds
# and generators, and a fit whose Dropout masks follow from set_random_seed.
import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(5)
d = tf.keras.layers.Dropout(0.5)
x = tf.ones((2, 6))
print(d(x, training=True))
print(d(x, training=True))
print(d(x))
d2 = tf.keras.layers.Dropout(0.3, seed=11)
print(d2(x, training=True))
print(tf.keras.random.uniform((2,)), tf.keras.random.uniform((2,), seed=4))
g = tf.keras.random.SeedGenerator(42)
print(tf.keras.random.uniform((3,), seed=g), tf.keras.random.uniform((3,), seed=g))
print(tf.keras.random.dropout(tf.ones((5,)), 0.4, seed=2))
m = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8), tf.keras.layers.Dropout(0.25), tf.keras.layers.Dense(1)])
m.compile("sgd", "mse")
h = m.fit(np.ones((8, 4), "float32"), np.zeros((8, 1), "float32"), epochs=3, batch_size=4, verbose=0, shuffle=False)
print([round(v, 5) for v in h.history["loss"]])
print([w.path for w in m.weights])
print(tf.int32.max, tf.int8.min, tf.uint8.max, tf.float16.max, tf.float32.min)
