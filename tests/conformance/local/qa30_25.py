# Subclassed keras.Model with a custom train_step and a tracked loss metric
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(21)

class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(6, activation="relu")
        self.d2 = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
    def call(self, x):
        return self.d2(self.d1(x))
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = tf.reduce_mean(tf.square(y - y_pred))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.loss_tracker.update_state(loss)
        return {"loss": self.loss_tracker.result()}
    @property
    def metrics(self):
        return [self.loss_tracker]

x = np.random.rand(96, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
m = MyModel()
m.compile(optimizer=keras.optimizers.SGD(0.1))
h = m.fit(x, y, epochs=4, batch_size=32, verbose=0)
print([round(v, 4) for v in h.history["loss"]])
print(len(m.trainable_variables), m.built)
print(np.round(m.predict(x[:2], verbose=0), 3))
