# Keras's Conv2DTranspose (shapes, weights, summary, fit) over tf.nn.conv2d_transpose
# (Conv2DBackpropInput), its gradients eagerly and in a tf.function, and Keras's
# convolution argument errors.
import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(3)
inp = tf.keras.Input(shape=(4, 4, 3))
x = tf.keras.layers.Conv2DTranspose(5, 3, strides=2, padding="same", activation="relu")(inp)
y = tf.keras.layers.Conv2DTranspose(2, (2, 3), strides=(1, 2), padding="valid")(x)
m = tf.keras.Model(inp, y)
m.summary()
print([w.shape for w in m.weights])
data = np.linspace(-1, 1, 2 * 4 * 4 * 3).astype("float32").reshape(2, 4, 4, 3)
out = m(data)
print(out.shape, round(float(tf.reduce_sum(out)), 3))
m.compile("adam", "mse")
h = m.fit(data, np.ones((2,) + tuple(out.shape[1:]), "float32"), epochs=2, verbose=0)
print([round(v, 4) for v in h.history["loss"]])
x = tf.constant(np.arange(2 * 3 * 3 * 2, dtype=np.float32).reshape(2, 3, 3, 2) / 10)
w = tf.constant(np.arange(3 * 3 * 4 * 2, dtype=np.float32).reshape(3, 3, 4, 2) / 20)
t = tf.nn.conv2d_transpose(x, w, [2, 6, 6, 4], strides=2, padding="SAME")
print(t.shape, round(float(tf.reduce_sum(t)), 2), t[0, :2, :2, 0].numpy())
print(tf.nn.conv2d_transpose(x, w, [2, 7, 7, 4], strides=2, padding="VALID").shape)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, w])
    z = tf.reduce_sum(tf.nn.conv2d_transpose(x, w, [2, 6, 6, 4], strides=2, padding="SAME") ** 2)
print(round(float(tf.reduce_sum(tape.gradient(z, x))), 1), round(float(tf.reduce_sum(tape.gradient(z, w))), 1))
@tf.function
def grads(x, w):
    with tf.GradientTape() as t:
        t.watch([x, w])
        a = tf.nn.conv2d(x, tf.ones([3, 3, 2, 2]), 1, "SAME")
        z = tf.reduce_sum(tf.nn.conv2d_transpose(a, w, [2, 6, 6, 4], strides=2, padding="SAME") ** 2)
    gx, gw = t.gradient(z, [x, w])
    return tf.reduce_sum(gx), tf.reduce_sum(gw)
print([float(v) for v in grads(x, w)])
for make in [lambda: tf.keras.layers.Conv2D(0, 3), lambda: tf.keras.layers.Conv2D(2, 3, padding="full"),
             lambda: tf.keras.layers.MaxPooling2D((2, 2, 2)), lambda: tf.keras.layers.Conv2D(4, 3, groups=3),
             lambda: tf.keras.layers.Conv2D(2, (3, 0)), lambda: tf.keras.layers.Conv1D(2, 3, padding="causal")]:
    try:
        print("ok", make().padding)
    except ValueError as e:
        print("ValueError:", e)
