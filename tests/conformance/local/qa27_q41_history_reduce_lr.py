# Q&A-style program (q41_history_reduce_lr) written as users write them, recorded from TF 2.21
import numpy as np
import keras

keras.utils.set_random_seed(21)
X = np.random.rand(80, 5).astype("float32")
y = (X[:, 0] * 2 - X[:, 1] + 0.3).astype("float32")

model = keras.Sequential([
    keras.Input(shape=(5,)),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Dense(1),
])
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.2), loss="mse")

reduce_lr = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                              min_lr=0.01, min_delta=0.05, verbose=0)
lrs = []
class LRLogger(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        lrs.append(round(float(keras.ops.convert_to_numpy(self.model.optimizer.learning_rate)), 5))

history = model.fit(X, y, epochs=10, batch_size=16, callbacks=[reduce_lr, LRLogger()],
                    validation_split=0.25, verbose=0)
print(type(history).__name__)
print(history.epoch)
print(sorted(history.history.keys()))
print([round(v, 4) for v in history.history["loss"]])
print([round(v, 4) for v in history.history["val_loss"]])
print([round(float(v), 5) for v in history.history["learning_rate"]])
print(lrs)
print(history.params)
print(model.history is history)

es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)
h2 = model.fit(X, y, epochs=30, batch_size=16, validation_split=0.25, callbacks=[es], verbose=0)
print(len(h2.history["loss"]), es.stopped_epoch, es.best_epoch)
print(round(float(es.best), 5))
