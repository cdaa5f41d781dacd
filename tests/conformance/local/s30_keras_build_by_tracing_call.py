# a subclassed model and a layer without build(): call runs once more while Keras builds
import numpy as np
import tensorflow as tf
from tensorflow import keras

class Block(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(4)
    def call(self, x):
        print("Block.call", x.shape)
        return tf.nn.relu(self.dense(x))

class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.out = keras.layers.Dense(1)
    def call(self, x, training=False):
        print("MyModel.call", x.shape, training)
        return self.out(self.block(x))

keras.utils.set_random_seed(1)
m = MyModel()
y = m(np.ones((2, 3), "float32"))
print(y.shape, len(m.weights))
y = m(np.ones((2, 3), "float32"))
inputs = keras.Input((5,))
b = Block()
o = b(inputs)
print(o.shape)
print(np.round(m.predict(np.ones((1, 3)), verbose=0), 4))
