# probe q72_masking_propagation: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

keras.utils.set_random_seed(5)
raw = [[711, 632, 71], [73, 8, 3215, 55, 927], [83, 91, 1, 645, 1253, 927]]
padded = keras.utils.pad_sequences(raw, padding="post")
print(padded)

emb = layers.Embedding(input_dim=5000, output_dim=4, mask_zero=True)
masked = emb(padded)
print(masked._keras_mask)
print(emb.compute_mask(padded).numpy())

x = np.zeros((2, 3, 2), dtype="float32")
x[0, 0] = [1, 2]; x[0, 2] = [3, 4]; x[1, 1] = [5, 6]
mask_layer = layers.Masking(mask_value=0.0)
print(mask_layer.compute_mask(x).numpy())

class MaskedMean(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
    def call(self, inputs, mask=None):
        m = tf.cast(mask, inputs.dtype)[..., None]
        return tf.reduce_sum(inputs * m, axis=1) / tf.reduce_sum(m, axis=1)
    def compute_mask(self, inputs, mask=None):
        return None

inp = keras.Input((3, 2))
h = layers.Masking()(inp)
out = MaskedMean()(h)
m = keras.Model(inp, out)
print(m(x).numpy())

model = keras.Sequential([
    keras.Input((None,), dtype="int32"),
    layers.Embedding(50, 8, mask_zero=True),
    layers.LSTM(4),
    layers.Dense(1, activation="sigmoid"),
])
ids = np.array([[3, 4, 0, 0], [5, 0, 0, 0], [1, 2, 3, 4]])
p1 = model.predict(ids, verbose=0)
p2 = model.predict(np.array([[3, 4, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0], [1, 2, 3, 4, 0, 0]]), verbose=0)
print(p1.shape, np.allclose(p1, p2, atol=1e-6))
