# tf.image functions of the tutorials: crops and pads, grayscale, contrast, standardization, stateless random flips.
import numpy as np
import tensorflow as tf
img = tf.reshape(tf.range(2 * 5 * 6 * 3, dtype=tf.float32), [2, 5, 6, 3]) / 180.0
print(tf.image.resize_with_crop_or_pad(img, 4, 8).shape, float(tf.reduce_sum(tf.image.resize_with_crop_or_pad(img, 4, 8))))
print(tf.image.resize_with_pad(img, 8, 8).shape, float(tf.reduce_sum(tf.image.resize_with_pad(img, 8, 8))))
print(tf.image.central_crop(img[0], 0.5).shape, tf.image.central_crop(img, 0.6).numpy()[1, 0, :, 0])
g = tf.image.rgb_to_grayscale(img)
print(g.shape, g.numpy()[0, :2, :3, 0])
print(tf.image.grayscale_to_rgb(g).shape)
print(tf.image.adjust_contrast(img, 2.0).numpy()[0, 0, :3, 0])
print(tf.image.per_image_standardization(img).numpy()[0, 0, :3, 0])
print(tf.image.stateless_random_flip_left_right(img, seed=(1, 2)).numpy()[:, 0, :3, 0])
print(tf.image.stateless_random_flip_up_down(img[0], seed=(3, 4)).numpy()[0, :3, 0])
print(tf.image.stateless_random_brightness(img, 0.2, seed=(1, 2)).numpy()[0, 0, :3, 0])
print(tf.image.stateless_random_contrast(img, 0.2, 0.5, seed=(1, 2)).numpy()[0, 0, :3, 0])
print(tf.image.ResizeMethod.NEAREST_NEIGHBOR, tf.image.resize(img, [3, 3], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR).shape)
u8 = tf.cast(img * 255, tf.uint8)
print(tf.image.rgb_to_grayscale(u8).numpy()[0, 0, :4, 0], tf.image.adjust_contrast(u8, 1.5).numpy()[0, 0, :4, 0])
print(tf.image.pad_to_bounding_box(img, 1, 2, 7, 9).shape, tf.image.crop_to_bounding_box(img, 1, 1, 3, 3).shape)
a = tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4]) / 10
b = tf.reshape(tf.range(20, dtype=tf.float32), [4, 5]) / 7
print(tf.tensordot(a, b, 1).numpy()[1, 2], tf.tensordot(a, b, [[2], [0]]).shape)
print(tf.einsum("ij,jk->ik", a[0], b).numpy()[0])
print(tf.einsum("bij,jk->bik", a, b).shape, tf.einsum("bij,bkj->bik", a, a).numpy()[1, 0])
print(tf.einsum("ij->ji", b).shape, tf.einsum("i,i->", b[0], b[1]).numpy())
print(tf.group(tf.constant(1)))
print(tf.initializers.zeros()([2]).numpy(), type(tf.initializers.GlorotUniform()).__name__)
