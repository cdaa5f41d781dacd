# keras: TimeDistributed, R2Score, Ftrl
import numpy as np
import keras
import tensorflow as tf

keras.utils.set_random_seed(1)
model = keras.Sequential([
    keras.Input((5, 3)),
    keras.layers.TimeDistributed(keras.layers.Dense(4, activation="relu")),
    keras.layers.TimeDistributed(keras.layers.Dense(1)),
])
model.summary()
x = np.random.rand(8, 5, 3).astype("float32")
y = np.random.rand(8, 5, 1).astype("float32")
model.compile(optimizer=keras.optimizers.Ftrl(learning_rate=0.1), loss="mse")
h = model.fit(x, y, epochs=3, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
print(model.predict(x[:2], verbose=0).shape)

m = keras.metrics.R2Score()
m.update_state(np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([[1.1], [1.9], [3.2], [3.7]]))
print(round(float(m.result()), 6))
m2 = keras.metrics.R2Score(class_aggregation=None)
m2.update_state([[1.0, 0.0], [2.0, 1.0], [3.0, 5.0]], [[1.0, 0.5], [2.5, 1.0], [2.0, 4.0]])
print(m2.result().numpy())
m3 = keras.metrics.R2Score(class_aggregation="variance_weighted_average")
m3.update_state([[1.0, 0.0], [2.0, 1.0], [3.0, 5.0]], [[1.0, 0.5], [2.5, 1.0], [2.0, 4.0]])
print(round(float(m3.result()), 6))

opt = keras.optimizers.Ftrl(learning_rate=0.5, l1_regularization_strength=0.01, l2_regularization_strength=0.1, beta=0.2)
v = keras.Variable([1.0, -2.0])
for _ in range(3):
  opt.apply_gradients([(tf.constant([0.5, -0.25]), v)])
print(v.numpy())

td = keras.layers.TimeDistributed(keras.layers.Conv2D(2, 3))
print(td(np.zeros((2, 4, 5, 5, 1), "float32")).shape)
w = keras.Variable(initializer="ones", shape=(2, 3), name="w")
print(isinstance(w, keras.Variable), isinstance(tf.Variable(1.0), keras.Variable), w.shape, w.dtype, w.name)
print(keras.Variable(np.array([1, 2])).dtype, keras.Variable(3.0).numpy())
