import keras
from keras import layers, ops
import numpy as np

inputs = keras.Input(shape=(4,), name="x")
print(inputs)
y = inputs * 2 + 1
z = ops.sum(y, axis=-1, keepdims=True)
w = inputs[:, 0]
print(y, z, w, sep="\n")


class Scale(layers.Layer):
    def __init__(self, factor, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    def call(self, x):
        return ops.reshape(x * self.factor * self.w, (-1, 2, 2))


s = Scale(3.0)(y)
print(s)
out = layers.Dense(3, name="head")(layers.Flatten()(s))
m = keras.Model(inputs, [out, z])
m.summary()
print(m.layers)
print([op.name for op in m.operations])
res = m(np.ones((2, 4)))
print([r.shape for r in res], res[1])

seq = keras.Sequential([keras.Input((4,)), Scale(2.0), layers.Flatten(), layers.Dense(3)])
seq.summary()
print(seq.output_shape, [w.path for w in seq.weights])
