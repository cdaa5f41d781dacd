# Keras's random image augmentation layers (RandomFlip, RandomContrast, RandomBrightness):
# seeded and unseeded draws, training and inference, inside a model that is fitted.
import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(4)
imgs = tf.constant(np.arange(3 * 4 * 4 * 2, dtype=np.float32).reshape(3, 4, 4, 2))
flip = tf.keras.layers.RandomFlip("horizontal")
out = flip(imgs)
print(out[:, 0, :, 0])
print(flip(imgs, training=False)[:, 0, :, 0])
both = tf.keras.layers.RandomFlip(seed=7)
print(both(imgs)[:, :, 0, 1])
c = tf.keras.layers.RandomContrast(0.5, seed=3)
print(c(imgs)[:, 0, :2, 0])
b = tf.keras.layers.RandomBrightness(0.2, seed=2)
print(b(imgs)[:, 0, :2, 0])
print(tf.keras.layers.RandomFlip("vertical")(imgs[0])[:, 0, 0])
aug = tf.keras.Sequential([tf.keras.layers.RandomFlip("horizontal"), tf.keras.layers.RandomContrast(0.1)])
m = tf.keras.Sequential([tf.keras.Input((4, 4, 2)), aug, tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
m.compile("sgd", "mse")
h = m.fit(imgs / 48.0, np.ones((3, 1), "float32"), epochs=2, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]], m.predict(imgs / 48.0, verbose=0).shape)
try:
    tf.keras.layers.RandomContrast(1.5)
except ValueError as e:
    print(e)
