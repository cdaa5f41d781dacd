# Conv1D text/time-series classifier: summary, fit briefly, predict class probabilities
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

keras.utils.set_random_seed(4)
x = np.random.randn(64, 20, 2).astype("float32")
y = (x[:, :, 0].mean(axis=1) > 0).astype("int64")

model = keras.Sequential([
    keras.Input(shape=(20, 2)),
    layers.Conv1D(8, kernel_size=3, activation="relu", padding="same"),
    layers.MaxPooling1D(2),
    layers.Conv1D(4, 3, activation="relu"),
    layers.GlobalAveragePooling1D(),
    layers.Dense(2, activation="softmax"),
], name="conv1d_clf")
model.summary()
model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
h = model.fit(x, y, epochs=3, batch_size=16, verbose=0)
print([round(v, 4) for v in h.history["loss"]])
probs = model.predict(x[:4], verbose=0)
print(probs.round(3), probs.argmax(axis=1))
print(model.layers[0].kernel.shape, model.layers[0].output.shape)
