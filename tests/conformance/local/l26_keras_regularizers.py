import keras
from keras import layers, regularizers
import numpy as np

keras.utils.set_random_seed(5)
x = np.random.rand(32, 6).astype("float32")
y = x.sum(axis=1, keepdims=True)
model = keras.Sequential([
    keras.Input((6,)),
    layers.Dense(8, activation="relu", kernel_regularizer=regularizers.l2(0.01)),
    layers.Dense(1, kernel_regularizer="l1", bias_regularizer=regularizers.L1L2(l1=0.01, l2=0.02)),
])
print(len(model.losses), [round(float(l), 4) for l in model.losses])
model.compile(optimizer="sgd", loss="mse")
h = model.fit(x, y, epochs=2, batch_size=16, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]])
print(round(float(model.evaluate(x, y, verbose=0)), 4))
seq = np.random.rand(4, 3, 2).astype("float32")
rnn = keras.Sequential([keras.Input((3, 2)), layers.LSTM(4, dropout=0.5, recurrent_dropout=0.5,
                                                         kernel_regularizer="l2"), layers.Dense(1)])
print(len(rnn.losses), rnn(seq, training=False).shape)
