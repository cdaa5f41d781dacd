# Keras's geometric augmentation layers, eagerly, inside tf.function and in a tf.data map.
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3)
imgs = np.arange(2 * 6 * 5 * 3, dtype="float32").reshape(2, 6, 5, 3)
for layer in [keras.layers.RandomRotation(0.2), keras.layers.RandomZoom(0.3, 0.2, fill_mode="constant"),
              keras.layers.RandomTranslation(0.2, 0.3, fill_mode="wrap", interpolation="nearest"),
              keras.layers.RandomRotation((-0.5, 0.1), fill_mode="nearest", seed=5)]:
    out = layer(imgs)
    print(type(layer).__name__, out.shape, float(tf.reduce_sum(out)))
    print(np.round(out.numpy()[1, :2, :, 0], 3).tolist())
    print(layer(imgs, training=False).numpy().sum(), layer(imgs[0]).shape)

for layer in [keras.layers.RandomFlip("horizontal"), keras.layers.RandomRotation(0.1), keras.layers.RandomZoom(0.1)]:
    f = tf.function(lambda x: layer(x, training=True))
    print(np.round(f(imgs).numpy()[1, :2, :, 0], 4).tolist())

aug = keras.Sequential([keras.layers.RandomFlip("horizontal"), keras.layers.RandomRotation(0.2),
                        keras.layers.RandomZoom(0.1), keras.layers.RandomContrast(0.2)])
ds = tf.data.Dataset.from_tensor_slices((np.concatenate([imgs, imgs]), np.arange(4))).batch(2)
ds = ds.map(lambda x, y: (aug(x, training=True), y))
for x, y in ds:
    print(x.shape, np.round(x.numpy()[0, 0, :, 0], 3).tolist(), y.numpy())

g = tf.function(lambda s: tf.random.stateless_normal([3], seed=s))
print(g(tf.constant([4, 5])).numpy(), tf.random.stateless_normal([3], seed=[4, 5]).numpy())

@tf.function(input_signature=[tf.TensorSpec([None, 6, 5, 3])])
def transform(x):
    out = tf.raw_ops.ImageProjectiveTransformV3(
        images=x, transforms=tf.constant([[1.0, 0.2, -1.0, 0.0, 1.0, 0.5, 0.0, 0.0]]),
        output_shape=tf.shape(x)[1:-1], fill_value=0.0, interpolation="BILINEAR")
    print(out.shape, tf.ensure_shape(out, [None, 6, 5, 3]).shape)
    return out
print(transform(imgs).numpy()[0, 1, :, 2])
print(tf.ensure_shape(tf.ones([2, 3]), [None, 3]).shape)
try:
    tf.ensure_shape(tf.ones([2, 3]), [3, 3])
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", e.message)
