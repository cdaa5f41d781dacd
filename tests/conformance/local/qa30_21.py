# Mixed precision policy: compute in float16, keep float32 variables, float32 output layer
import tensorflow as tf
from tensorflow import keras

keras.mixed_precision.set_global_policy("mixed_float16")
print(keras.mixed_precision.global_policy())
layer = keras.layers.Dense(4)
out = layer(tf.ones((2, 3)))
print(layer.dtype_policy, layer.compute_dtype, layer.variable_dtype)
print(out.dtype, layer.kernel.dtype)
model = keras.Sequential([
    keras.Input((3,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1, dtype="float32"),
])
print([l.dtype_policy.name for l in model.layers])
print(model(tf.ones((1, 3))).dtype)
opt = keras.optimizers.Adam()
model.compile(optimizer=opt, loss="mse")
print(type(model.optimizer).__name__)
keras.mixed_precision.set_global_policy("float32")
print(keras.mixed_precision.global_policy().name)
print(keras.layers.Dense(2).dtype_policy)
