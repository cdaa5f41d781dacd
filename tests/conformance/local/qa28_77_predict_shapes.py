# probe q77_predict_shapes: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(2)
model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(3, activation="softmax"),
])
x = np.random.rand(7, 5).astype("float32")
p = model.predict(x, verbose=0)
print(type(p).__name__, p.shape, p.dtype)
print(model.predict(x, batch_size=2, verbose=0).shape)
print(model.predict(x[0:1], verbose=0).shape)
print(model.predict(x[0][np.newaxis, :], verbose=0).shape)
try:
    model.predict(x[0], verbose=0)
except Exception as e:
    print(type(e).__name__)
r = model(x)
print(type(r).__name__, r.shape, r.dtype)
print(np.allclose(r.numpy(), p, atol=1e-6))
pb = model.predict_on_batch(x[:3])
print(type(pb).__name__, pb.shape)
print(np.argmax(p, axis=-1))
print(np.round(p.max(axis=1), 4))

ds = tf.data.Dataset.from_tensor_slices(x).batch(3)
print(model.predict(ds, verbose=0).shape)

inp = keras.Input((5,))
o1 = keras.layers.Dense(2, name="a")(inp)
o2 = keras.layers.Dense(1, name="b")(inp)
multi = keras.Model(inp, [o1, o2])
out = multi.predict(x, verbose=0)
print(type(out).__name__, [o.shape for o in out])
dict_model = keras.Model(inp, {"a": o1, "b": o2})
dout = dict_model.predict(x, verbose=0)
print(type(dout).__name__, sorted(dout.keys()), dout["b"].shape)

reg = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1)])
print(reg.predict(x, verbose=0).shape, reg.predict(x, verbose=0).ravel().shape)
print(reg.output_shape, model.output_shape, reg.input_shape)
print(keras.Sequential([keras.Input((4, 4, 1)), keras.layers.Flatten()]).predict(np.zeros((2, 4, 4, 1)), verbose=0).shape)
