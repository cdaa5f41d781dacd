import keras
from keras import layers
import numpy as np

keras.utils.set_random_seed(42)
x = np.random.rand(64, 5).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 2.5).astype("float32")
model = keras.Sequential([keras.Input((5,)), layers.Dense(8, activation="relu"),
                          layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
h = model.fit(x, y, epochs=3, batch_size=16, verbose=0, shuffle=False)
print(sorted(h.history), h.epoch)
print([round(v, 4) for v in h.history["loss"]], h.history["accuracy"])
loss, acc = model.evaluate(x, y, verbose=0)
print(round(loss, 4), acc)
print(model.predict(x[:3], verbose=0).round(3))
print(model.metrics_names)
model.summary()

inputs = keras.Input((5,))
hidden = layers.Dense(4, activation="relu")(inputs)
logits = layers.Dense(3)(hidden)
clf = keras.Model(inputs, logits)
clf.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=["accuracy"])
labels = (x[:, 0] * 3).astype("int32")
h = clf.fit(x, labels, epochs=2, batch_size=32, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]], h.history["accuracy"])
