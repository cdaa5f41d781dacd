# Normalization.adapt on arrays, tensors, datasets and lists of batches
import numpy as np
import tensorflow as tf
from tensorflow import keras
np.random.seed(3)
data = np.random.rand(37, 3) * [1.0, 10.0, 100.0]
for source in [data, data.astype("float32"), tf.constant(data, tf.float32),
               tf.data.Dataset.from_tensor_slices(data.astype("float32")).batch(8),
               [data[:20].astype("float32"), data[20:].astype("float32")],
               np.arange(12).reshape(4, 3)]:
    layer = keras.layers.Normalization()
    layer.adapt(source)
    print(layer.adapt_mean.numpy(), layer.adapt_variance.numpy(), int(layer.count.numpy()))
    print(np.round(layer(data[:2].astype("float32")).numpy(), 6))
layer = keras.layers.Normalization(axis=None)
layer.adapt(tf.data.Dataset.from_tensor_slices(data[:, 0]))
print(layer.adapt_mean.numpy(), layer.adapt_variance.numpy())
print("Features mean: %.2f" % float(np.mean(layer(data[:, 0]).numpy())))
