# LambdaCallback and a custom Callback logging per-epoch metrics
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(5)
x = np.linspace(-1, 1, 64).reshape(-1, 1).astype("float32")
y = x ** 2

class LossLogger(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.seen = []
        print("train begin, params:", sorted(self.params.items()))
    def on_epoch_end(self, epoch, logs=None):
        self.seen.append(round(logs["loss"], 4))
    def on_train_end(self, logs=None):
        print("train end:", self.seen)

printer = keras.callbacks.LambdaCallback(
    on_epoch_end=lambda epoch, logs: print(f"epoch {epoch}: loss={logs['loss']:.4f}"))
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.RMSprop(0.01), loss="mse")
logger = LossLogger()
model.fit(x, y, epochs=4, batch_size=16, callbacks=[printer, logger], verbose=0)
print(logger.model is model)
print(round(float(model.predict(np.array([[0.5]]), verbose=0)[0, 0]), 3))
