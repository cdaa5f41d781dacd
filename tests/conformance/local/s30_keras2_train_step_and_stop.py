# keras 2 style custom train_step and stopping mid-epoch
import numpy as np
import tensorflow as tf
from tensorflow import keras

class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

keras.utils.set_random_seed(0)
inputs = keras.Input(shape=(32,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel(inputs, outputs)
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
x = np.random.random((1000, 32))
y = np.random.random((1000, 1))
h = model.fit(x, y, epochs=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

class StopAt(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print("batch", batch)
        if batch == 2:
            self.model.stop_training = True
m2 = keras.Sequential([keras.Input((32,)), keras.layers.Dense(1)])
m2.compile("sgd", "mse")
h = m2.fit(x, y, epochs=3, batch_size=100, verbose=0, callbacks=[StopAt()])
print(len(h.history["loss"]))
