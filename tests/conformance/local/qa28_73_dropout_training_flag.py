# probe q73_dropout_training_flag: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(123)
drop = keras.layers.Dropout(0.5, seed=1)
x = tf.ones((2, 8))
print(drop(x).numpy())                     # inference by default
print(drop(x, training=False).numpy())
y = drop(x, training=True).numpy()
print(sorted(set(np.unique(y).tolist())))   # values are 0 or 2
print(y.shape, y.sum() >= 0)

class NoisyLayer(keras.layers.Layer):
    def call(self, inputs, training=None):
        print("NoisyLayer training =", training)
        if training:
            return inputs + 100.0
        return inputs

inp = keras.Input((3,))
out = NoisyLayer()(inp)
m = keras.Model(inp, out)
data = np.array([[1.0, 2.0, 3.0]], dtype="float32")
print(m(data).numpy())
print(m(data, training=True).numpy())
print(m.predict(data, verbose=0))

class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(4, activation="relu")
        self.drop = keras.layers.Dropout(0.9)
        self.d2 = keras.layers.Dense(1)
    def call(self, x, training=False):
        return self.d2(self.drop(self.d1(x), training=training))

net = Net()
X = np.random.rand(6, 3).astype("float32")
a = net(X).numpy(); b = net(X).numpy()
print("deterministic at inference:", np.array_equal(a, b))
net.compile("sgd", "mse")
ev = net.evaluate(X, np.zeros((6, 1)), verbose=0)
print(round(float(ev), 5) == round(float(np.mean(a ** 2)), 5))
print(keras.layers.SpatialDropout1D(0.3).rate, keras.layers.GaussianNoise(0.1)(x).numpy().sum())
