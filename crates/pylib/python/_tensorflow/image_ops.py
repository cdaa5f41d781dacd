"""`tf.image` functions TensorFlow writes in Python (`image_ops_impl`): flips and rotations
as `ReverseV2`/`Transpose` of the image's axes, `convert_image_dtype`'s scaling between
integer and float images, and `adjust_brightness`."""

import tensorflow as tf


def _image_rank(image):
    rank = image.shape.rank
    if rank not in (3, 4):
        raise ValueError(f"'image' (shape {image.shape}) must have either 3 or 4 dimensions.")
    return rank


def _flip(image, axis_3d, name, scope):
    with tf.name_scope(name or scope):
        image = tf.convert_to_tensor(image, name="image")
        rank = _image_rank(image)
        return tf.reverse(image, [axis_3d if rank == 3 else axis_3d + 1])


def flip_left_right(image):
    return _flip(image, 1, None, "flip_left_right")


def flip_up_down(image):
    return _flip(image, 0, None, "flip_up_down")


def rot90(image, k=1, name=None):
    with tf.name_scope(name or "rot90"):
        image = tf.convert_to_tensor(image, name="image")
        rank = _image_rank(image)
        k = int(k) % 4
        h, w = (0, 1) if rank == 3 else (1, 2)
        perm = [1, 0, 2] if rank == 3 else [0, 2, 1, 3]
        if k == 0:
            return image
        if k == 1:
            return tf.transpose(tf.reverse(image, [w]), perm)
        if k == 2:
            return tf.reverse(image, [h, w])
        return tf.reverse(tf.transpose(image, perm), [w])


def _max_of(dtype):
    return dtype.max


def convert_image_dtype(image, dtype, saturate=False, name=None):
    image = tf.convert_to_tensor(image, name="image")
    dtype = tf.as_dtype(dtype)
    if not dtype.is_floating and not dtype.is_integer:
        raise AttributeError("dtype must be either floating point or integer")
    if not image.dtype.is_floating and not image.dtype.is_integer:
        raise AttributeError("image dtype must be either floating point or integer")
    if dtype == image.dtype:
        return tf.identity(image, name=name)
    with tf.name_scope(name or "convert_image"):
        if image.dtype.is_integer and dtype.is_integer:
            scale_in, scale_out = _max_of(image.dtype), _max_of(dtype)
            if scale_in > scale_out:
                scale = (scale_in + 1) // (scale_out + 1)
                return tf.cast(tf.math.floordiv(image, scale), dtype)
            scale = (scale_out + 1) // (scale_in + 1)
            return tf.cast(image, dtype) * scale
        if image.dtype.is_floating and dtype.is_floating:
            return tf.cast(image, dtype)
        if image.dtype.is_integer:
            cast = tf.cast(image, dtype)
            scale = 1.0 / _max_of(image.dtype)
            return tf.multiply(cast, scale)
        scale = _max_of(dtype) + 0.5
        scaled = tf.multiply(image, scale)
        if saturate:
            return tf.cast(tf.clip_by_value(scaled, float(dtype.min), float(dtype.max)), dtype)
        return tf.cast(scaled, dtype)


def adjust_brightness(image, delta):
    with tf.name_scope("adjust_brightness"):
        image = tf.convert_to_tensor(image, name="image")
        orig_dtype = image.dtype
        if orig_dtype in (tf.float16, tf.float32):
            flt_image = image
        else:
            flt_image = convert_image_dtype(image, tf.float32)
        adjusted = tf.add(flt_image, tf.cast(delta, flt_image.dtype))
        return convert_image_dtype(adjusted, orig_dtype, saturate=True)
