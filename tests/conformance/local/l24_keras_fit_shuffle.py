# Seeded Keras fit with the default shuffle: the epoch order Keras draws (tf.random.shuffle in its array adapter), with validation_split, several fits and a tf.data shuffle beside it
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(42)
rng = np.random.RandomState(1)
x = rng.rand(100, 5).astype("float32")
y = (x @ np.arange(5, dtype="float32") > 5).astype("int32")
model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dropout(0.2),
    keras.layers.Dense(2, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
h = model.fit(x, y, epochs=3, batch_size=16, validation_split=0.2, verbose=0)
for key in sorted(h.history):
    print(key, [round(v, 5) for v in h.history[key]])
h = model.fit(x, y, epochs=2, batch_size=10, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
print(np.round(model.predict(x[:3], verbose=0), 6))

ds = tf.data.Dataset.range(6).map(lambda i: tf.random.uniform([]))
print([round(float(v), 6) for v in ds], [round(float(v), 6) for v in ds])
