# tf.nest, tf.map_fn, tf.math.confusion_matrix and the tf.image flips, rotations, dtype
# conversion and brightness, as TensorFlow writes them in Python.
import collections
import numpy as np
import tensorflow as tf
P = collections.namedtuple("P", ["x", "y"])
s = {"b": [1, (2, 3)], "a": P(4, None)}
print(tf.nest.flatten(s), tf.nest.flatten(5), tf.nest.is_nested([1]), tf.nest.is_nested("ab"))
print(tf.nest.map_structure(lambda v: None if v is None else v * 10, s))
print(tf.nest.pack_sequence_as(s, list(range(5))))
print(tf.nest.map_structure(lambda a, b: a + b, [1, (2, 3)], [10, (20, 30)]))
try:
    tf.nest.pack_sequence_as([1, 2], [1])
except ValueError as e:
    print("ValueError:", e)
try:
    tf.nest.assert_same_structure([1, 2], [1])
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])
print(tf.map_fn(lambda t: t * t, tf.constant([1, 2, 3])))
pair = (tf.constant([1.0, 2.0]), tf.constant([10.0, 20.0]))
print(tf.map_fn(lambda p: p[0] + p[1], pair, fn_output_signature=tf.float32))
print(tf.map_fn(lambda p: (p[1], p[0] * 2), pair))
try:
    tf.map_fn(lambda p: p[0] + p[1], pair)
except ValueError as e:
    print("ValueError:", str(e).splitlines()[-4:])
print(tf.map_fn(lambda t: tf.reduce_sum(t), tf.ones((3, 4)), fn_output_signature=tf.float32))
print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4]))
print(tf.math.confusion_matrix([0, 1, 1], [1, 1, 0], num_classes=3, weights=[0.5, 1.0, 2.0], dtype=tf.float32))
img = tf.constant(np.arange(12).reshape(2, 3, 2), dtype=tf.uint8)
print(tf.image.flip_left_right(img)[:, :, 0], tf.image.flip_up_down(img)[:, :, 0])
print(tf.image.rot90(img)[:, :, 0], tf.image.rot90(img, k=2)[:, :, 0], tf.image.rot90(img, 3)[:, :, 0])
print(tf.image.flip_left_right(tf.stack([img, img]))[1, :, :, 1])
f = tf.image.convert_image_dtype(img, tf.float32)
print(f[:, :, 1])
print(tf.image.convert_image_dtype(f, tf.uint8)[:, :, 1], tf.image.convert_image_dtype(img, tf.int32)[0, 0])
print(tf.image.adjust_brightness(img, 0.1)[:, :, 0], tf.image.adjust_brightness(f, -0.02)[0])
