# Keras masks as the masking guide shows them: _keras_mask on eager outputs, implicit mask passing
import numpy as np
import tensorflow as tf
import keras
raw_inputs = [[711, 632, 71], [73, 8, 3215, 55, 927], [83, 91, 1, 645, 1253, 927]]
padded_inputs = keras.utils.pad_sequences(raw_inputs, padding="post")
embedding = keras.layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)
masked_output = embedding(padded_inputs)
print(masked_output._keras_mask)
masking_layer = keras.layers.Masking()
unmasked_embedding = tf.cast(tf.tile(tf.expand_dims(padded_inputs, axis=-1), [1, 1, 10]), tf.float32)
masked_embedding = masking_layer(unmasked_embedding)
print(masked_embedding._keras_mask)
inputs = keras.Input(shape=(None,), dtype="int32")
x = keras.layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)(inputs)
outputs = keras.layers.LSTM(32)(x)
model = keras.Model(inputs, outputs)
print(model(padded_inputs).shape)
class MyLayer(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.embedding = keras.layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)
        self.lstm = keras.layers.LSTM(32)
    def call(self, inputs):
        x = self.embedding(inputs)
        mask = self.embedding.compute_mask(inputs)
        output = self.lstm(x, mask=mask)
        return output
print(MyLayer()(padded_inputs).shape)
