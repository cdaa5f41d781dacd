import keras, numpy as np
from keras import layers
try:
    layers.Dense(3, foo=1)
except Exception as e: print(type(e).__name__, e)
l = layers.Dense(3)
print(l, l.built, l.weights, l.trainable, l.dtype, l.compute_dtype, l.variable_dtype)
y = l(np.ones((2, 4)))
print(y.dtype, l.built, [w.path for w in l.weights], l.count_params())
class Lin(layers.Layer):
    def __init__(self, units=2, **kw):
        super().__init__(**kw)
        self.units = units
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", trainable=True)
    def call(self, x):
        return x @ self.w + self.b
lin = Lin()
print(lin.name, [w.path for w in (lin(np.ones((1,3))), lin.w)[1:]], lin.w.name)
print(lin.weights[0].path, lin.weights[1].path)
m = keras.Sequential([layers.Dense(2), Lin(4)])
m(np.ones((1, 3)))
print([w.path for w in m.weights])
try:
    lin.add_weight("kernel", (2,))
except Exception as e: print(type(e).__name__, e)
