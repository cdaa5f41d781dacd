# Recurrent layers: LSTM/GRU output shapes with return_sequences and return_state
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(2)
x = np.random.rand(4, 7, 3).astype("float32")
lstm = keras.layers.LSTM(5)
print(lstm(x).shape)
seq, h, c = keras.layers.LSTM(5, return_sequences=True, return_state=True)(x)
print(seq.shape, h.shape, c.shape)
print(bool(np.allclose(seq[:, -1, :], h)))
gru = keras.layers.GRU(6, return_sequences=True)
print(gru(x).shape, [w.shape for w in gru.weights])
bi = keras.layers.Bidirectional(keras.layers.LSTM(4))
print(bi(x).shape, bi.count_params())
model = keras.Sequential([keras.Input((7, 3)), keras.layers.GRU(8), keras.layers.Dense(1)])
model.summary()
out = keras.layers.SimpleRNN(2)(x)
print(np.round(out.numpy(), 4))
