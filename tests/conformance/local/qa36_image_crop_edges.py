# tf.image.random_crop, stateless_random_crop, total_variation and sobel_edges as the data augmentation and image guides use them
import tensorflow as tf

tf.random.set_seed(7)
image = tf.reshape(tf.range(5 * 6 * 3, dtype=tf.float32), [5, 6, 3])
crop = tf.image.random_crop(image, size=[3, 4, 3], seed=1)
print(crop.shape, crop[0, 0].numpy())
crop2 = tf.image.random_crop(image, size=[3, 4, 3])
print(crop2[:, :, 0].numpy())
print(tf.image.stateless_random_crop(image, size=[2, 2, 3], seed=(1, 2)).numpy())
for seed in [(3, 4), (5, 6)]:
    print(tf.image.stateless_random_crop(image, [4, 5, 1], seed=seed)[..., 0].numpy())
batch = tf.stack([image, image[::-1]])
print(tf.image.random_crop(batch, [2, 2, 2, 3], seed=3).shape)
print(tf.image.total_variation(image).numpy())
print(tf.image.total_variation(batch / 255.0).numpy())
edges = tf.image.sobel_edges(batch[..., :1] * tf.constant([1.0, 0.5])[:, None, None, None])
print(edges.shape)
print(edges[0, :, :, 0, 0].numpy())
print(edges[1, :, :, 0, 1].numpy())
try:
    tf.image.random_crop(image, size=[6, 4, 3])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0][:80])
try:
    tf.image.total_variation(tf.zeros([3, 3]))
except ValueError as e:
    print(e)
