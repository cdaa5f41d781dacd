# Save a Keras model to .keras, reload it, and check predictions and config match
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(13)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu", name="h"),
                          keras.layers.Dense(2, name="out")], name="saver")
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(16, 4).astype("float32")
model.fit(x, np.random.rand(16, 2), epochs=1, verbose=0)
model.save("/tmp/qa5_q28_model.keras")
loaded = keras.models.load_model("/tmp/qa5_q28_model.keras")
print(type(loaded).__name__, loaded.name)
print(np.allclose(model.predict(x, verbose=0), loaded.predict(x, verbose=0)))
print([l.name for l in loaded.layers])
cfg = loaded.get_config()
print(cfg["name"], [l["class_name"] for l in cfg["layers"]])
print(loaded.optimizer.__class__.__name__, int(loaded.optimizer.iterations.numpy()))
model.save_weights("/tmp/qa5_q28.weights.h5")
clone = keras.models.clone_model(model)
clone.load_weights("/tmp/qa5_q28.weights.h5")
print(np.allclose(clone(x), model(x)))
print(loaded.layers[0].get_config()["activation"], loaded.layers[0].units)
