# Q&A-style program (q46_time_distributed) written as users write them, recorded from TF 2.21
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(8)
x = np.random.rand(10, 5, 3).astype("float32")
y = np.cumsum(x[..., :1], axis=1)

model = keras.Sequential([
    keras.Input(shape=(5, 3)),
    keras.layers.TimeDistributed(keras.layers.Dense(4, activation="relu")),
    keras.layers.GRU(6, return_sequences=True),
    keras.layers.TimeDistributed(keras.layers.Dense(1)),
])
model.compile(optimizer="adam", loss="mse")
for l in model.layers:
    print(type(l).__name__, l.output.shape)
print(model.layers[0].layer.kernel.shape)
h = model.fit(x, y, epochs=5, batch_size=5, verbose=0)
print([round(v, 4) for v in h.history["loss"]])
pred = model.predict(x[:1], verbose=0)
print(pred.shape, np.round(pred[0, :, 0], 4))

frames = keras.Input(shape=(4, 8, 8, 1))
t = keras.layers.TimeDistributed(keras.layers.Conv2D(2, 3, activation="relu"))(frames)
t = keras.layers.TimeDistributed(keras.layers.Flatten())(t)
t = keras.layers.LSTM(3)(t)
video = keras.Model(frames, t)
print([tuple(l.output.shape) for l in video.layers])
print(video.count_params())
v = video(np.random.rand(2, 4, 8, 8, 1).astype("float32"))
print(v.shape, np.round(v.numpy(), 4))

td = keras.layers.TimeDistributed(keras.layers.Dense(2, kernel_initializer="ones"))
print(td(tf.ones((1, 3, 2))).numpy())
try:
    keras.layers.TimeDistributed(keras.layers.Dense(2))(tf.ones((3,)))
except Exception as e:
    print(type(e).__name__)
