# keras.constraints: MaxNorm / NonNeg / UnitNorm / MinMaxNorm applied after each optimizer update, in fit and a custom loop
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(7)
x = np.random.rand(32, 4).astype(np.float32) * 3
y = (x.sum(axis=1, keepdims=True) > 6).astype(np.float32)
model = keras.Sequential([
    keras.Input(shape=(4,)),
    keras.layers.Dense(8, activation="relu", kernel_constraint=keras.constraints.MaxNorm(0.5)),
    keras.layers.Dense(1, kernel_constraint="non_neg", bias_constraint=keras.constraints.unit_norm()),
])
model.compile(optimizer=keras.optimizers.SGD(0.5), loss="binary_crossentropy")
model.fit(x, y, epochs=2, batch_size=8, verbose=0)
print(np.round(np.sqrt((model.layers[0].kernel.numpy() ** 2).sum(axis=0)), 4))
print(bool((model.layers[1].kernel.numpy() >= 0).all()), np.round(model.layers[1].bias.numpy(), 4))
print(type(model.layers[0].kernel_constraint).__name__, model.layers[0].kernel_constraint.get_config())
print(keras.constraints.get("max_norm").get_config(), keras.constraints.serialize(keras.constraints.MinMaxNorm(0.1, 2.0)))

conv = keras.layers.Conv2D(2, 3, kernel_constraint=keras.constraints.MinMaxNorm(0.5, 1.0, rate=0.5, axis=[0, 1, 2]))
images = tf.constant(np.random.rand(2, 5, 5, 1).astype(np.float32))
opt = keras.optimizers.Adam(0.1)
for _ in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(conv(images) ** 2)
    grads = tape.gradient(loss, conv.trainable_variables)
    opt.apply_gradients(zip(grads, conv.trainable_variables))
print(np.round(np.sqrt((conv.kernel.numpy() ** 2).sum(axis=(0, 1, 2))), 4))
w = tf.constant([[3.0, -4.0], [0.0, 1.0]])
print(keras.constraints.NonNeg()(w).numpy(), keras.constraints.UnitNorm(axis=1)(w).numpy().round(4))
try:
    keras.constraints.get("nope")
except ValueError as e:
    print(e)
