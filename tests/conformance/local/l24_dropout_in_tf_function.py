# Keras Dropout (and tf.nn.dropout) inside a @tf.function custom training loop, seeded: TensorFlow's numbers
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dropout(0.5), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)

@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x, training=True) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss

rng = np.random.RandomState(0)
x = rng.rand(16, 4).astype("float32")
y = rng.rand(16, 1).astype("float32")
for i in range(4):
    print(round(float(step(x, y)), 5))
print(np.round(model(x[:2], training=False).numpy(), 5))

column_dropout = keras.layers.Dropout(0.3, noise_shape=(None, 1), seed=5)

@tf.function
def drop(t):
    return tf.nn.dropout(t, 0.5, seed=1), tf.nn.experimental.stateless_dropout(t, 0.5, seed=[1, 2]), \
        column_dropout(t, training=True)
a, b, c = drop(tf.ones([3, 4]))
print(a.numpy().sum() >= 0, b.numpy(), c.numpy())
