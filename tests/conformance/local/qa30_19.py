# EarlyStopping with restore_best_weights on a noisy classification task
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(11)
x = np.random.normal(size=(300, 5)).astype("float32")
y = (x[:, 0] + 0.5 * x[:, 1] > 0).astype("int32")

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, min_delta=0.01,
                                   restore_best_weights=True)
hist = model.fit(x, y, validation_split=0.25, epochs=40, batch_size=16, callbacks=[es], verbose=0)
print("epochs run:", len(hist.history["loss"]))
print("stopped_epoch:", es.stopped_epoch, "best_epoch:", es.best_epoch)
print("best val_loss:", round(es.best, 4))
print([round(a, 3) for a in hist.history["val_accuracy"]])
res = model.evaluate(x, y, verbose=0, return_dict=True)
print({k: round(v, 4) for k, v in res.items()})
