# model.export writes a SavedModel whose `serve` endpoint (and serving_default) runs the model; TFSMLayer calls it
import numpy as np
import tensorflow as tf
import keras
keras.utils.set_random_seed(2)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"),
                          keras.layers.Dense(2)])
x = np.linspace(-1, 1, 12, dtype="float32").reshape(3, 4)
model.export("exported", verbose=False)
reloaded = tf.saved_model.load("exported")
print(np.allclose(reloaded.serve(x).numpy(), model(x).numpy()))
print(list(reloaded.signatures))
out = reloaded.signatures["serving_default"](tf.constant(x))
print(sorted(out), out["output_0"].shape)
layer = keras.layers.TFSMLayer("exported", call_endpoint="serve")
print(np.allclose(layer(x).numpy(), model(x).numpy()))
wrapped = keras.Sequential([keras.Input((4,)), layer])
print(wrapped.predict(x, verbose=0).shape)
try:
    keras.layers.TFSMLayer("exported", call_endpoint="nope")
except ValueError as e:
    print(str(e)[:60])
try:
    model.export("x.bin", format="pickle")
except ValueError as e:
    print(e)
