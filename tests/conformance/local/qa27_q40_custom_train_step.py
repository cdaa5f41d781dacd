# Q&A-style program (q40_custom_train_step) written as users write them, recorded from TF 2.21
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(3)

class CustomModel(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d1 = keras.layers.Dense(16, activation="relu")
        self.d2 = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")
        self.mse_fn = keras.losses.MeanSquaredError()

    def call(self, x):
        return self.d2(self.d1(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.mse_fn(y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.mae_metric.update_state(y, y_pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        loss = self.mse_fn(y, y_pred)
        self.loss_tracker.update_state(loss)
        self.mae_metric.update_state(y, y_pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

    @property
    def metrics(self):
        return [self.loss_tracker, self.mae_metric]

x = np.random.random((100, 4)).astype("float32")
y = (x @ np.array([[1.0], [-2.0], [0.5], [3.0]], dtype="float32")) + 0.1
model = CustomModel()
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05))
hist = model.fit(x, y, epochs=6, batch_size=20, verbose=0)
print(sorted(hist.history.keys()))
print([round(v, 4) for v in hist.history["loss"]])
print([round(v, 4) for v in hist.history["mae"]])
ev = model.evaluate(x, y, verbose=0)
print([round(float(v), 4) for v in ev])
print(np.round(model.predict(x[:2], verbose=0), 4))
print(int(model.optimizer.iterations.numpy()))
