# Keras losses and metrics weigh out masked steps (_keras_mask on predictions), eagerly, in fit and evaluate
import numpy as np
import tensorflow as tf
import keras
I = keras.initializers
x = keras.utils.pad_sequences([[5, 3, 8], [2, 9, 4, 7, 1], [6]], padding="post")
y = np.array([[1, 0, 1, 0, 0], [0, 1, 1, 0, 1], [1, 1, 0, 0, 0]], np.float32)[..., None]
model = keras.Sequential([
    keras.layers.Embedding(10, 4, mask_zero=True, embeddings_initializer=I.RandomUniform(seed=1)),
    keras.layers.LSTM(3, return_sequences=True, kernel_initializer=I.GlorotUniform(seed=2), recurrent_initializer=I.RandomNormal(seed=3)),
    keras.layers.Dense(1, activation="sigmoid", kernel_initializer=I.GlorotUniform(seed=4)),
])
out = model(x)
print(out._keras_mask)
bce = keras.losses.BinaryCrossentropy()
print(round(float(bce(y, out)), 5), round(float(keras.losses.MeanSquaredError()(y, out)), 5))
print(round(float(keras.losses.BinaryCrossentropy(reduction="sum")(y, out)), 5))
m = keras.metrics.BinaryAccuracy()
m.update_state(y, out)
print(round(float(m.result()), 5))
model.compile("sgd", "binary_crossentropy", metrics=["accuracy"])
h = model.fit(x, y, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print([round(v, 4) for v in model.evaluate(x, y, verbose=0)])
