# Keras masks through user layers: compute_mask makes a layer support masking, supports_masking passes masks on, symbolic mask specs
import numpy as np
import keras
from keras import ops, layers
x = np.array([[3, 0, 1, 0], [2, 2, 0, 0]])
emb = layers.Embedding(10, 4, mask_zero=True)(x)
class TemporalSplit(keras.layers.Layer):
    def call(self, inputs):
        return ops.split(inputs, 2, axis=1)
    def compute_mask(self, inputs, mask=None):
        if mask is None:
            return None
        return ops.split(mask, 2, axis=1)
first_half, second_half = TemporalSplit()(emb)
print(first_half._keras_mask)
print(second_half._keras_mask)
class MyActivation(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
    def call(self, inputs):
        return ops.relu(inputs)
print(MyActivation()(emb)._keras_mask)
class NoMask(keras.layers.Layer):
    def call(self, inputs):
        return inputs * 2
print(hasattr(NoMask()(emb), "_keras_mask"), TemporalSplit().supports_masking, NoMask().supports_masking)
inputs = keras.Input(shape=(None,), dtype="int32")
h = layers.Embedding(input_dim=50, output_dim=4, mask_zero=True)(inputs)
h = MyActivation()(h)
print(h._keras_mask.shape, h._keras_mask.dtype)
model = keras.Model(inputs, layers.LSTM(3)(h))
print(model(x).shape)
