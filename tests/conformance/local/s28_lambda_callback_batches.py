# LambdaCallback with on_batch_end (a backwards-compatible hook passed as a keyword) and on_epoch_end
import numpy as np
from tensorflow import keras
keras.utils.set_random_seed(0)
x = np.random.rand(40, 2).astype("float32")
y = x.sum(axis=1, keepdims=True)
seen = []
cb = keras.callbacks.LambdaCallback(
    on_batch_end=lambda batch, logs: seen.append((batch, round(logs["loss"], 4))),
    on_epoch_end=lambda epoch, logs: print("epoch", epoch, sorted(logs)))
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
model.compile("sgd", "mse", metrics=["mae"])
model.fit(x, y, epochs=2, batch_size=10, verbose=0, callbacks=[cb])
print(len(seen), seen[:5])
