# Keras keeps an earlier compile's loss and metrics when a later compile leaves them out
import numpy as np
import keras
keras.utils.set_random_seed(3)
x = np.linspace(0, 1, 24, dtype="float32").reshape(8, 3)
y = x[:, :1] * 2.0
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
print(model.evaluate(x, y, verbose=0))
model.compile(optimizer="sgd")
print(model.loss, model.evaluate(x, y, verbose=0))
print([m.name for m in model.metrics])
model.fit(x, y, epochs=1, verbose=0)
print(model.evaluate(x, y, verbose=0, return_dict=True))
model.compile(optimizer="sgd", loss="mae")
print(model.evaluate(x, y, verbose=0, return_dict=True))
model.compile(optimizer="sgd", metrics=["mse"])
print(model.evaluate(x, y, verbose=0, return_dict=True))
