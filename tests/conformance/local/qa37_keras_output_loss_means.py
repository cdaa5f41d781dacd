# Keras weighs each output's loss tracker by the static batch size: per batch in a compiled step, by rows when run eagerly
import numpy as np
import keras
from keras import layers
keras.utils.set_random_seed(0)
inp = keras.Input((3,))
a = layers.Dense(1, name="a_out")(inp)
b = layers.Dense(2, name="b_out")(inp)
m = keras.Model(inp, [a, b])
m.compile(optimizer=keras.optimizers.SGD(0.0), loss=[keras.losses.MeanSquaredError(), keras.losses.MeanSquaredError()])
x = np.arange(30, dtype="float32").reshape(10, 3) / 30
ya = np.ones((10, 1), "float32"); yb = np.zeros((10, 2), "float32")
class P(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print(batch, {k: round(v, 5) for k, v in logs.items()})
m.fit(x, [ya, yb], batch_size=4, epochs=1, verbose=0, callbacks=[P()], shuffle=False)
pa, pb = m.predict(x, verbose=0)
for s in (slice(0,4), slice(4,8), slice(8,10)):
    print(((pa[s]-1)**2).mean(), (pb[s]**2).mean())
m.compile(optimizer=keras.optimizers.SGD(0.0), loss=[keras.losses.MeanSquaredError(), keras.losses.MeanSquaredError()], run_eagerly=True)
m.fit(x, [ya, yb], batch_size=4, epochs=1, verbose=0, callbacks=[P()], shuffle=False)
print(m.evaluate(x, [ya, yb], batch_size=4, verbose=0))
