# Keras masks: Embedding(mask_zero) and Masking attach _keras_mask; LSTM/GRU/SimpleRNN/Bidirectional and GlobalAveragePooling1D use it
import numpy as np
import tensorflow as tf
import keras
I = keras.initializers
x = keras.utils.pad_sequences([[5, 3, 8], [2, 9, 4, 7, 1], [6]], padding="post")
def emb():
    return keras.layers.Embedding(10, 4, mask_zero=True, embeddings_initializer=I.RandomUniform(seed=1))
kw = dict(kernel_initializer=I.GlorotUniform(seed=2), recurrent_initializer=I.RandomNormal(seed=3))
for layer in [keras.layers.LSTM(3, **kw), keras.layers.GRU(3, return_sequences=True, **kw), keras.layers.SimpleRNN(2, go_backwards=True, **kw),
              keras.layers.Bidirectional(keras.layers.LSTM(2, **kw))]:
    out = layer(emb()(x))
    print(type(layer).__name__, np.round(out.numpy(), 4).tolist(), getattr(out, "_keras_mask", None) is not None)
model = keras.Sequential([emb(), keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1, kernel_initializer=I.GlorotUniform(seed=4))])
print(np.round(model(x).numpy(), 4).tolist())
m = keras.layers.Masking(mask_value=0.0)
inp = np.zeros((2, 3, 2), np.float32); inp[0, 0] = 1; inp[1, :2] = 2
print(m(inp)._keras_mask)
