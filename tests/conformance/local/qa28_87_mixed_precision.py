# probe q87_mixed_precision: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import mixed_precision

keras.utils.set_random_seed(10)
print(mixed_precision.global_policy().name)
mixed_precision.set_global_policy("mixed_float16")
policy = mixed_precision.global_policy()
print(policy.name, policy.compute_dtype, policy.variable_dtype)

inputs = keras.Input(shape=(8,), name="digits")
dense1 = keras.layers.Dense(16, activation="relu", name="dense_1")
x = dense1(inputs)
print("x.dtype:", x.dtype, "kernel dtype:", dense1.kernel.dtype)
print(dense1.dtype_policy.name, dense1.compute_dtype, dense1.dtype)
x = keras.layers.Dense(4, name="dense_logits")(x)
outputs = keras.layers.Activation("softmax", dtype="float32", name="predictions")(x)
print("outputs dtype:", outputs.dtype)
model = keras.Model(inputs, outputs)
model.compile(loss="sparse_categorical_crossentropy", optimizer=keras.optimizers.RMSprop(), metrics=["accuracy"])
print(type(model.optimizer).__name__)

X = np.random.rand(64, 8).astype("float32")
y = np.random.randint(0, 4, size=64)
h = model.fit(X, y, batch_size=16, epochs=2, verbose=0)
print(len(h.history["loss"]), np.isfinite(h.history["loss"]).all())
pred = model.predict(X[:2], verbose=0)
print(pred.dtype, pred.shape, np.round(pred.sum(axis=1), 2))
print(model.layers[1](tf.ones((1, 8))).dtype)

opt = mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1))
print(type(opt).__name__, float(opt.initial_scale) if hasattr(opt, "initial_scale") else "")
mixed_precision.set_global_policy("float32")
print(keras.layers.Dense(2).dtype_policy.name)
bf = keras.layers.Dense(2, dtype="mixed_bfloat16")
print(bf(tf.ones((1, 3))).dtype, bf.kernel.dtype)
h16 = tf.cast(tf.constant([1.0001, 65504.0, 70000.0]), tf.float16)
print(h16.numpy(), h16.dtype)
print(tf.cast(tf.constant([0.1]), tf.bfloat16).numpy().astype("float32"))
