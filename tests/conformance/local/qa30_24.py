# BatchNormalization and Dropout: training vs inference behaviour
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(9)
x = np.arange(12, dtype="float32").reshape(4, 3)
bn = keras.layers.BatchNormalization(momentum=0.5)
print(np.round(bn(x, training=True).numpy(), 4))
print(bn.moving_mean.numpy(), np.round(bn.moving_variance.numpy(), 3))
print(np.round(bn(x, training=False).numpy(), 3))
print([w.name for w in bn.weights], len(bn.trainable_weights))

drop = keras.layers.Dropout(0.5, seed=1)
ones = tf.ones((2, 6))
print(drop(ones, training=False).numpy())
d = drop(ones, training=True).numpy()
print(sorted(set(d.ravel().tolist())))
print(tf.nn.dropout(tf.ones([1, 4]), rate=0.25, seed=3).shape)
ln = keras.layers.LayerNormalization()
print(np.round(ln(x).numpy(), 4))
