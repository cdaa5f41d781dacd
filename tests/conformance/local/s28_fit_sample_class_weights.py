# fit with sample_weight, class_weight (arrays, datasets, train_on_batch) and weighted_metrics, as Keras 3 weighs them
import numpy as np
import tensorflow as tf
from tensorflow import keras
keras.utils.set_random_seed(1)
X = np.random.rand(64, 3).astype("float32")
y = (X.sum(1) > 1.5).astype("float32")
sw = np.linspace(0.5, 2.0, 64).astype("float32")
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation="sigmoid")])
m.compile("sgd", "binary_crossentropy", metrics=["accuracy"], weighted_metrics=["accuracy", "mae"])
h = m.fit(X, y, sample_weight=sw, epochs=2, batch_size=16, verbose=0, validation_split=0.25)
print(sorted(h.history))
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
print({k: round(v, 5) for k, v in m.evaluate(X, y, sample_weight=sw, verbose=0, return_dict=True).items()})
print([mm.name for mm in m.metrics])
ds = tf.data.Dataset.from_tensor_slices((X, y, sw)).batch(16)
print([round(v, 5) for v in m.evaluate(ds, verbose=0)])
ds2 = tf.data.Dataset.from_tensor_slices((X, y)).batch(16)
h = m.fit(ds2, epochs=1, verbose=0, class_weight={0: 1.0, 1: 3.0})
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
y1 = keras.utils.to_categorical(y.astype(int), 2)
m2 = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="softmax")])
m2.compile("adam", "categorical_crossentropy", weighted_metrics=["accuracy"])
h = m2.fit(X, y1, epochs=1, verbose=0, class_weight={0: 0.5, 1: 2.0}, batch_size=32)
print({k: [round(v, 4) for v in vals] for k, vals in h.history.items()})
print([round(v, 5) for v in m2.train_on_batch(X[:8], y1[:8], class_weight={1: 4.0})])
try:
    m2.fit(X, y1, sample_weight=sw, class_weight={0: 1.0}, verbose=0)
except ValueError as e:
    print(e)
