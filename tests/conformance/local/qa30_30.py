# Custom Layer with add_weight/build/get_config used in a classifier; evaluate and predict
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(17)

class ScaledDense(keras.layers.Layer):
    def __init__(self, units, scale=1.0, **kwargs):
        super().__init__(**kwargs)
        self.units, self.scale = units, scale
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform", name="w")
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", name="b")
    def call(self, x):
        return self.scale * (tf.matmul(x, self.w) + self.b)
    def get_config(self):
        return {**super().get_config(), "units": self.units, "scale": self.scale}

x = np.random.rand(120, 4).astype("float32")
y = np.argmax(x[:, :3], axis=1)
model = keras.Sequential([keras.Input((4,)), ScaledDense(12, scale=2.0), keras.layers.ReLU(),
                          keras.layers.Dense(3)])
model.compile(optimizer=keras.optimizers.Adam(0.02),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
h = model.fit(x, y, epochs=5, batch_size=24, verbose=0)
print([round(a, 3) for a in h.history["accuracy"]])
print([round(v, 4) for v in model.evaluate(x, y, verbose=0)])
print(model.predict(x[:5], verbose=0).argmax(axis=1), y[:5])
print(model.layers[0].get_config())
print([w.shape for w in model.layers[0].weights])
