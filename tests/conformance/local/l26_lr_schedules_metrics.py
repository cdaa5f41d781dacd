# Learning-rate schedules (their values, and an optimizer stepping through one in fit) and
# the crossentropy metrics.
import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(2)
sched = tf.keras.optimizers.schedules.InverseTimeDecay(0.01, decay_steps=2, decay_rate=1, staircase=False)
print([round(float(sched(s)), 6) for s in [0, 1, 5, 10]])
e = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 3, 0.5, staircase=True)
print([round(float(e(s)), 6) for s in [0, 2, 3, 7]])
p = tf.keras.optimizers.schedules.PiecewiseConstantDecay([2, 4], [1.0, 0.5, 0.1])
print([float(p(s)) for s in [0, 2, 3, 5]])
c = tf.keras.optimizers.schedules.CosineDecay(0.1, 10)
print([round(float(c(s)), 6) for s in [0, 5, 10, 20]])
m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
m.compile(tf.keras.optimizers.Adam(sched), "mse")
h = m.fit(np.ones((8, 3), "float32"), np.ones((8, 1), "float32"), batch_size=2, epochs=3, verbose=0)
print([round(v, 5) for v in h.history["loss"]], int(m.optimizer.iterations))
m2 = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
m2.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
           metrics=[tf.keras.metrics.SparseCategoricalCrossentropy(from_logits=True), "accuracy"])
h = m2.fit(np.ones((4, 3), "float32"), np.array([0, 1, 1, 0]), epochs=2, verbose=0)
print(sorted(h.history), [round(v, 4) for v in h.history["sparse_categorical_crossentropy"]])
