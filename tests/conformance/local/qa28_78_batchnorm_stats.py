# probe q78_batchnorm_stats: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(6)
bn = keras.layers.BatchNormalization(momentum=0.9, epsilon=1e-3)
x = np.array([[1.0, 10.0], [3.0, 20.0], [5.0, 30.0], [7.0, 40.0]], dtype="float32")
y_inf = bn(x)                          # inference mode: uses moving stats (0, 1)
print(np.round(y_inf.numpy(), 4))
print([w.name for w in bn.weights])
print(len(bn.trainable_weights), len(bn.non_trainable_weights))
print(bn.moving_mean.numpy(), bn.moving_variance.numpy())

y_tr = bn(x, training=True)
print(np.round(y_tr.numpy(), 4))
print(np.round(bn.moving_mean.numpy(), 4), np.round(bn.moving_variance.numpy(), 4))
for _ in range(4):
    bn(x, training=True)
print(np.round(bn.moving_mean.numpy(), 4), np.round(bn.moving_variance.numpy(), 4))
print(np.round(bn(x, training=False).numpy(), 3))

bn.trainable = False
before = bn.moving_mean.numpy().copy()
bn(x, training=True)
print("frozen BN updates stats:", not np.allclose(before, bn.moving_mean.numpy()))

model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3),
                          keras.layers.BatchNormalization(), keras.layers.Dense(1)])
model.compile("sgd", "mse")
X = np.random.rand(32, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)
model.fit(X, Y, epochs=2, batch_size=8, verbose=0)
layer = model.layers[1]
print(np.round(layer.moving_mean.numpy(), 3), np.round(layer.moving_variance.numpy(), 3))
print(layer.get_config()["momentum"], layer.get_config()["epsilon"], layer.axis)
print(len(model.trainable_weights), len(model.non_trainable_weights))
ln = keras.layers.LayerNormalization()
print(np.round(ln(x).numpy(), 4))
