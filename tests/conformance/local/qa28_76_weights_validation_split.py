# probe q76_weights_validation_split: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(4)
np.random.seed(4)
n = 100
X = np.random.randn(n, 4).astype("float32")
y = (X[:, 0] + 0.5 * X[:, 1] > 0.8).astype("int32")
print("class balance:", np.bincount(y))

neg, pos = np.bincount(y)
class_weight = {0: round(n / (2 * neg), 3), 1: round(n / (2 * pos), 3)}
print("class_weight:", class_weight)

def make_model():
    keras.utils.set_random_seed(4)
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
    m.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy",
              metrics=["accuracy", keras.metrics.AUC(name="auc")])
    return m

m1 = make_model()
h1 = m1.fit(X, y, validation_split=0.2, epochs=3, batch_size=20, verbose=0)
print(sorted(h1.history.keys()))
print("plain:", [round(v, 4) for v in h1.history["val_loss"]])

m2 = make_model()
h2 = m2.fit(X, y, validation_split=0.2, epochs=3, batch_size=20, verbose=0, class_weight=class_weight)
print("class_weight:", [round(v, 4) for v in h2.history["loss"]])

sw = np.where(y == 1, 3.0, 1.0).astype("float32")
m3 = make_model()
h3 = m3.fit(X, y, sample_weight=sw, epochs=3, batch_size=20, verbose=0)
print("sample_weight:", [round(v, 4) for v in h3.history["loss"]])

res = m3.evaluate(X, y, verbose=0, return_dict=True)
print({k: round(v, 4) for k, v in res.items()})
print([round(v, 4) for v in m3.evaluate(X, y, sample_weight=sw, verbose=0)])
print(h1.params)
Xv, yv = X[:10], y[:10]
h4 = make_model().fit(X, y, validation_data=(Xv, yv), epochs=1, verbose=0)
print(round(h4.history["val_accuracy"][0], 4))
