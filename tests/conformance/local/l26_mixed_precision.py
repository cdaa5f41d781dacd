# Mixed precision: dtype policies, layers computing in float16 over float32 variables (Keras
# variables read as float16 inside the layer's call), a fit with the LossScaleOptimizer
# compile adds, and keras.config.
import numpy as np
import tensorflow as tf
from tensorflow.keras import mixed_precision
policy = mixed_precision.Policy("mixed_float16")
print(policy, policy.compute_dtype, policy.variable_dtype, policy.name)
print(mixed_precision.global_policy())
mixed_precision.set_global_policy("mixed_float16")
print(mixed_precision.global_policy(), tf.keras.config.dtype_policy())
tf.keras.utils.set_random_seed(1)
inputs = tf.keras.Input(shape=(4,))
d = tf.keras.layers.Dense(3, activation="relu")
x = d(inputs)
print(d.dtype, d.compute_dtype, d.variable_dtype, d.dtype_policy, d.kernel.dtype, x.dtype)
out = tf.keras.layers.Dense(2)(x)
out = tf.keras.layers.Activation("softmax", dtype="float32")(out)
print(out.dtype)
model = tf.keras.Model(inputs, out)
model.compile(loss="sparse_categorical_crossentropy", optimizer=tf.keras.optimizers.SGD(0.1),
              metrics=["accuracy"])
print(type(model.optimizer).__name__)
xs = np.linspace(-1, 1, 32).reshape(8, 4).astype("float32")
ys = np.array([0, 1, 0, 1, 1, 0, 1, 0])
y = model(xs)
print(y.dtype, np.round(y.numpy()[:2], 3))
h = model.fit(xs, ys, batch_size=4, epochs=2, verbose=0, shuffle=False)
print({k: [round(v, 3) for v in vals] for k, vals in h.history.items()})
print(model.layers[1].kernel.dtype, float(model.optimizer.dynamic_scale), int(model.optimizer.iterations))
print(d(tf.ones((1, 4))).dtype)
mixed_precision.set_global_policy("float32")
print(tf.keras.layers.Dense(1).compute_dtype)
try:
    mixed_precision.Policy("mixed_float64")
except ValueError as e:
    print("ValueError:", e)
opt = mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(0.5), initial_scale=8.0, dynamic_growth_steps=2)
v = tf.Variable(1.0)
for g in [2.0, float("inf"), 4.0, 4.0, 8.0]:
    opt.apply_gradients([(tf.constant(g), v)])
    print(round(float(v), 4), float(opt.dynamic_scale))
print(float(opt.scale_loss(tf.constant(0.5))))
