import keras
from keras import layers
import numpy as np

model = keras.Sequential([keras.Input((5,)), layers.Embedding(20, 4),
                          layers.LSTM(6, return_sequences=True), layers.GRU(3), layers.Dense(2)])
model.summary()
print([w.path for w in model.weights])
b = keras.Sequential([keras.Input((5, 3)), layers.Bidirectional(layers.SimpleRNN(4)),
                      layers.Dense(1)])
b.summary()
print([w.path for w in b.weights])

x = (np.arange(24, dtype="float32").reshape(2, 4, 3) / 10.0) - 1.0
init = keras.initializers.Constant(0.1)
for layer in (layers.SimpleRNN(3, kernel_initializer=init, recurrent_initializer=init),
              layers.LSTM(3, kernel_initializer=init, recurrent_initializer=init,
                          return_sequences=True),
              layers.GRU(3, kernel_initializer=init, recurrent_initializer=init,
                         return_state=True)):
    out = layer(x)
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    print(type(layer).__name__, [np.round(o.numpy(), 5).tolist() for o in outs])
