# probe q71_layer_build_config: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(11)

@keras.utils.register_keras_serializable(package="demo")
class ScaledDense(keras.layers.Layer):
    def __init__(self, units=4, scale=1.0, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.scale = scale

    def build(self, input_shape):
        print("build called with", input_shape)
        self.w = self.add_weight(name="kernel", shape=(input_shape[-1], self.units),
                                 initializer="glorot_uniform", trainable=True)
        self.b = self.add_weight(name="bias", shape=(self.units,), initializer="zeros")
        self.count = self.add_weight(name="count", shape=(), initializer="zeros", trainable=False)

    def call(self, inputs):
        self.count.assign_add(1.0)
        return self.scale * (tf.matmul(inputs, self.w) + self.b)

    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units, "scale": self.scale})
        return config

layer = ScaledDense(3, scale=0.5, name="sd")
print(layer.built, len(layer.weights))
out = layer(tf.ones((2, 5)))
print(layer.built, out.shape, [w.name for w in layer.weights])
print(len(layer.trainable_weights), len(layer.non_trainable_weights))
layer(tf.ones((1, 5)))
print("count:", layer.count.numpy())
cfg = layer.get_config()
print({k: cfg[k] for k in ["name", "units", "scale", "trainable"]})
clone = ScaledDense.from_config(cfg)
print(clone.name, clone.units, clone.built)
print(keras.utils.get_registered_name(ScaledDense))

model = keras.Sequential([keras.Input((5,)), ScaledDense(2, scale=2.0), keras.layers.Activation("tanh")])
model.compile("adam", "mse")
model.fit(np.ones((8, 5)), np.zeros((8, 2)), epochs=2, verbose=0)
print(model.count_params(), model.layers[0].count.numpy() > 0)
ser = keras.layers.serialize(model.layers[0])
print(ser["class_name"], ser["config"]["units"])
