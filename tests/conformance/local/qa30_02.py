# Keras Sequential regression on synthetic numpy data: fit, evaluate, predict
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(0)
x = np.random.rand(200, 3).astype("float32")
y = (x @ np.array([[2.0], [-1.0], [0.5]], dtype="float32") + 0.3).astype("float32")

model = keras.Sequential([
    keras.Input(shape=(3,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1),
])
model.compile(optimizer=keras.optimizers.Adam(0.05), loss="mse", metrics=["mae"])
history = model.fit(x, y, epochs=5, batch_size=32, validation_split=0.2, verbose=0)

print(sorted(history.history.keys()))
for k in ["loss", "val_loss"]:
    print(k, [round(v, 4) for v in history.history[k]])
loss, mae = model.evaluate(x, y, verbose=0)
print("eval:", round(loss, 4), round(mae, 4))
pred = model.predict(x[:3], verbose=0)
print(pred.shape, pred.dtype)
print(np.round(pred, 3))
