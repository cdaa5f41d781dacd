# probe q74_callbacks_checkpoint: user-style program (corpus 3)
import os
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(21)
X = np.random.rand(64, 3).astype("float32")
y = (X.sum(axis=1, keepdims=True) > 1.5).astype("float32")

class PrintLogs(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print(f"epoch {epoch}:", sorted(logs.keys()), round(logs["loss"], 3))
    def on_train_end(self, logs=None):
        print("train end, lr =", round(float(self.model.optimizer.learning_rate), 4))

batch_losses = []
lam = keras.callbacks.LambdaCallback(on_batch_end=lambda batch, logs: batch_losses.append(logs["loss"]))
ckpt = keras.callbacks.ModelCheckpoint("best.weights.h5", monitor="val_loss",
                                       save_best_only=True, save_weights_only=True)
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, restore_best_weights=True)

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
model.compile(keras.optimizers.Adam(0.01), "binary_crossentropy", metrics=["accuracy"])
hist = model.fit(X, y, validation_split=0.25, epochs=3, batch_size=16, verbose=0,
                 callbacks=[PrintLogs(), lam, ckpt, es])
print("batches logged:", len(batch_losses))
print("checkpoint exists:", os.path.exists("best.weights.h5"))
print(sorted(hist.history.keys()), len(hist.history["loss"]))
print("stopped_epoch:", es.stopped_epoch, "best:", round(es.best, 3))
model2 = keras.models.clone_model(model)
model2.load_weights("best.weights.h5")
print(len(model2.get_weights()), [w.shape for w in model2.get_weights()])
csv = keras.callbacks.CSVLogger("log.csv")
model.fit(X, y, epochs=2, verbose=0, callbacks=[csv])
with open("log.csv") as f:
    print(f.readline().strip())
os.remove("log.csv"); os.remove("best.weights.h5")
