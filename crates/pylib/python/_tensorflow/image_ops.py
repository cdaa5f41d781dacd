"""`tf.image` functions TensorFlow writes in Python (`image_ops_impl`): flips and rotations
as `ReverseV2`/`Transpose` of the image's axes, `convert_image_dtype`'s scaling between
integer and float images, brightness and contrast, grayscale, crops and pads, and the
stateless random flips and adjustments."""

import math

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


def transpose(image, name=None):
    """Swaps the height and width axes (`image_ops.transpose`)."""
    with tf.name_scope(name or "transpose"):
        image = tf.convert_to_tensor(image, name="image")
        rank = image.shape.rank
        if rank is not None and rank < 3:
            raise ValueError(f"'image' (shape {image.shape}) must be at least three-dimensional.")
        if rank == 3:
            return tf.transpose(image, [1, 0, 2], name=name)
        if rank == 4:
            return tf.transpose(image, [0, 2, 1, 3], name=name)
        raise ValueError(f"'image' (shape {image.shape}) must have either 3 or 4 dimensions.")


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


class ResizeMethod:
    """`tf.image.ResizeMethod`: the names `tf.image.resize` takes."""

    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


def _dims(image):
    """`(batched image, height, width, was_3d)` with static sizes where known."""
    image = tf.convert_to_tensor(image, name="image")
    rank = _image_rank(image)
    batched = image if rank == 4 else tf.expand_dims(image, 0)
    shape = batched.shape.as_list()
    dynamic = tf.shape(batched)
    height = shape[1] if shape[1] is not None else dynamic[1]
    width = shape[2] if shape[2] is not None else dynamic[2]
    return batched, height, width, rank == 3


def _unbatch(image, was_3d):
    return tf.squeeze(image, axis=[0]) if was_3d else image


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    with tf.name_scope("pad_to_bounding_box"):
        batched, height, width, was_3d = _dims(image)
        after_h = target_height - offset_height - height
        after_w = target_width - offset_width - width
        if isinstance(after_h, int) and after_h < 0:
            raise ValueError("height must be <= target - offset")
        if isinstance(after_w, int) and after_w < 0:
            raise ValueError("width must be <= target - offset")
        padded = tf.pad(batched, [[0, 0], [offset_height, after_h], [offset_width, after_w],
                                  [0, 0]])
        return _unbatch(padded, was_3d)


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    with tf.name_scope("crop_to_bounding_box"):
        batched, height, width, was_3d = _dims(image)
        if isinstance(height, int) and offset_height + target_height > height:
            raise ValueError("height must be >= target + offset.")
        if isinstance(width, int) and offset_width + target_width > width:
            raise ValueError("width must be >= target + offset.")
        cropped = tf.slice(batched, [0, offset_height, offset_width, 0],
                           [-1, target_height, target_width, -1])
        return _unbatch(cropped, was_3d)


def resize_with_crop_or_pad(image, target_height, target_width):
    """Centre-crops or zero-pads each side to the target size (TensorFlow's offsets)."""
    with tf.name_scope("resize_image_with_crop_or_pad"):
        batched, height, width, was_3d = _dims(image)
        width_diff = target_width - width
        offset_crop_width = max(-width_diff // 2, 0)
        offset_pad_width = max(width_diff // 2, 0)
        height_diff = target_height - height
        offset_crop_height = max(-height_diff // 2, 0)
        offset_pad_height = max(height_diff // 2, 0)
        cropped = crop_to_bounding_box(batched, offset_crop_height, offset_crop_width,
                                       min(target_height, height), min(target_width, width))
        resized = pad_to_bounding_box(cropped, offset_pad_height, offset_pad_width,
                                      target_height, target_width)
        return _unbatch(resized, was_3d)


def resize_with_pad(image, target_height, target_width, method=ResizeMethod.BILINEAR,
                    antialias=False):
    """Resizes keeping the aspect ratio, then zero-pads to the target size."""
    with tf.name_scope("resize_image_with_pad"):
        batched, height, width, was_3d = _dims(image)
        ratio = max(width / target_width, height / target_height)
        resized_height_float = height / ratio
        resized_width_float = width / ratio
        resized_height = int(math.floor(resized_height_float))
        resized_width = int(math.floor(resized_width_float))
        padding_height = (target_height - resized_height_float) / 2
        padding_width = (target_width - resized_width_float) / 2
        p_height = max(0, int(math.floor(padding_height)))
        p_width = max(0, int(math.floor(padding_width)))
        resized = tf.image.resize(batched, [resized_height, resized_width], method=method)
        padded = pad_to_bounding_box(resized, p_height, p_width, target_height, target_width)
        return _unbatch(padded, was_3d)


def central_crop(image, central_fraction):
    with tf.name_scope("central_crop"):
        if central_fraction <= 0.0 or central_fraction > 1.0:
            raise ValueError("central_fraction must be within (0, 1]")
        if central_fraction == 1.0:
            return tf.convert_to_tensor(image)
        batched, height, width, was_3d = _dims(image)
        start_h = int((float(height) - float(height) * central_fraction) / 2)
        start_w = int((float(width) - float(width) * central_fraction) / 2)
        cropped = tf.slice(batched, [0, start_h, start_w, 0],
                           [-1, height - start_h * 2, width - start_w * 2, -1])
        return _unbatch(cropped, was_3d)


def rgb_to_grayscale(images, name=None):
    """The luma of each RGB pixel (`0.2989 R + 0.5870 G + 0.1140 B`), one channel."""
    with tf.name_scope(name or "rgb_to_grayscale"):
        images = tf.convert_to_tensor(images, name="images")
        orig_dtype = images.dtype
        flt_image = convert_image_dtype(images, tf.float32)
        rgb_weights = tf.constant([0.2989, 0.5870, 0.1140], dtype=tf.float32)
        gray = tf.tensordot(flt_image, rgb_weights, [-1, -1])
        gray = tf.expand_dims(gray, -1)
        return convert_image_dtype(gray, orig_dtype)


def grayscale_to_rgb(images, name=None):
    with tf.name_scope(name or "grayscale_to_rgb"):
        images = tf.convert_to_tensor(images, name="images")
        rank = images.shape.rank
        return tf.tile(images, [1] * (rank - 1) + [3])


def adjust_contrast(images, contrast_factor):
    """`mean + contrast_factor * (x - mean)`, with each channel's mean over the image."""
    with tf.name_scope("adjust_contrast"):
        images = tf.convert_to_tensor(images, name="images")
        orig_dtype = images.dtype
        flt = images if orig_dtype in (tf.float16, tf.float32) else \
            convert_image_dtype(images, tf.float32)
        adjusted = tf.raw_ops.AdjustContrastv2(images=flt, contrast_factor=contrast_factor)
        return convert_image_dtype(adjusted, orig_dtype, saturate=True)


def adjust_gamma(image, gamma=1, gain=1):
    with tf.name_scope("adjust_gamma"):
        image = tf.convert_to_tensor(image, name="image")
        orig_dtype = image.dtype
        flt = image if orig_dtype in (tf.float16, tf.float32) else \
            convert_image_dtype(image, tf.float32)
        adjusted = tf.cast(gain, flt.dtype) * flt ** tf.cast(gamma, flt.dtype)
        return convert_image_dtype(adjusted, orig_dtype, saturate=True)


def per_image_standardization(image):
    """Each image scaled to zero mean and unit variance (the deviation at least
    `1/sqrt(pixels)`)."""
    with tf.name_scope("per_image_standardization"):
        image = tf.convert_to_tensor(image, name="image")
        image = tf.cast(image, tf.float32) if not image.dtype.is_floating else image
        num_pixels = tf.reduce_prod(tf.shape(image)[-3:])
        mean = tf.reduce_mean(image, axis=[-1, -2, -3], keepdims=True)
        stddev = tf.math.reduce_std(image, axis=[-1, -2, -3], keepdims=True)
        min_stddev = tf.math.rsqrt(tf.cast(num_pixels, image.dtype))
        adjusted_stddev = tf.maximum(stddev, min_stddev)
        return tf.divide(image - mean, adjusted_stddev)


def _random_flip(image, axis_3d, uniform, scope):
    """`_random_flip`: one draw decides a single image's flip; a batch draws one per image
    and mixes each image with its flipped self."""
    with tf.name_scope(scope):
        image = tf.convert_to_tensor(image, name="image")
        rank = _image_rank(image)
        if rank == 3:
            uniform_random = uniform(shape=[], minval=0, maxval=1.0)
            return tf.cond(tf.less(uniform_random, 0.5),
                           lambda: tf.reverse(image, [axis_3d]), lambda: image)
        batch_size = tf.shape(image)[0]
        uniform_random = uniform(shape=[batch_size], minval=0, maxval=1.0)
        flips = tf.round(tf.reshape(uniform_random, [batch_size, 1, 1, 1]))
        flips = tf.cast(flips, image.dtype)
        flipped_input = tf.reverse(image, [axis_3d + 1])
        return flips * flipped_input + (1 - flips) * image


def _stateless(seed):
    return lambda **kwargs: tf.random.stateless_uniform(seed=seed, **kwargs)


def _stateful(seed):
    return lambda **kwargs: tf.random.uniform(seed=seed, **kwargs)


def stateless_random_flip_left_right(image, seed):
    return _random_flip(image, 1, _stateless(seed), "stateless_random_flip_left_right")


def stateless_random_flip_up_down(image, seed):
    return _random_flip(image, 0, _stateless(seed), "stateless_random_flip_up_down")


def random_flip_left_right(image, seed=None):
    return _random_flip(image, 1, _stateful(seed), "random_flip_left_right")


def random_flip_up_down(image, seed=None):
    return _random_flip(image, 0, _stateful(seed), "random_flip_up_down")


def random_brightness(image, max_delta, seed=None):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    delta = tf.random.uniform([], -max_delta, max_delta, seed=seed)
    return adjust_brightness(image, delta)


def random_contrast(image, lower, upper, seed=None):
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")
    contrast_factor = tf.random.uniform([], lower, upper, seed=seed)
    return adjust_contrast(image, contrast_factor)


def stateless_random_brightness(image, max_delta, seed):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    delta = tf.random.stateless_uniform(shape=[], minval=-max_delta, maxval=max_delta,
                                        seed=seed)
    return adjust_brightness(image, delta)


def stateless_random_contrast(image, lower, upper, seed):
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")
    contrast_factor = tf.random.stateless_uniform(shape=[], minval=lower, maxval=upper,
                                                  seed=seed)
    return adjust_contrast(image, contrast_factor)


def _random_crop(value, size, draw, name):
    """`random_crop_ops`: an offset drawn per axis (a uniform int32 below int32's max,
    modulo how far the crop can move) and a `Slice` of `size` from it, after the check
    that the value is at least `size`."""
    with tf.name_scope(name or "random_crop"):
        value = tf.convert_to_tensor(value, name="value")
        size = tf.convert_to_tensor(size, dtype=tf.int32, name="size")
        shape = tf.shape(value)
        tf.debugging.Assert(tf.reduce_all(shape >= size),
                            ["Need value.shape >= size, got ", shape, size], summarize=1000)
        limit = shape - size + 1
        offset = draw(tf.shape(shape), dtype=size.dtype, maxval=size.dtype.max) % limit
        return tf.slice(value, offset, size)


def random_crop(value, size, seed=None, name=None):
    """`tf.image.random_crop`: a `size` slice of `value` at a random offset."""
    return _random_crop(value, size,
                        lambda shape, **kw: tf.random.uniform(shape, seed=seed, **kw), name)


def stateless_random_crop(value, size, seed, name=None):
    """`tf.image.stateless_random_crop`: `random_crop` with the offset drawn from `seed`."""
    return _random_crop(
        value, size, lambda shape, **kw: tf.random.stateless_uniform(shape, seed=seed, **kw),
        name)


def total_variation(images, name=None):
    """The sum of absolute differences between neighbouring pixels, per image of a batch
    (`image_ops_impl.total_variation`)."""
    with tf.name_scope(name or "total_variation"):
        ndims = images.get_shape().ndims
        if ndims == 3:
            pixel_dif1 = images[1:, :, :] - images[:-1, :, :]
            pixel_dif2 = images[:, 1:, :] - images[:, :-1, :]
            sum_axis = None
        elif ndims == 4:
            pixel_dif1 = images[:, 1:, :, :] - images[:, :-1, :, :]
            pixel_dif2 = images[:, :, 1:, :] - images[:, :, :-1, :]
            sum_axis = [1, 2, 3]
        else:
            raise ValueError("'images' must be either 3 or 4-dimensional.")
        return (tf.reduce_sum(tf.abs(pixel_dif1), axis=sum_axis)
                + tf.reduce_sum(tf.abs(pixel_dif2), axis=sum_axis))


# The vertical and horizontal Sobel filters, one per output channel.
_SOBEL = [[[-1, -2, -1], [0, 0, 0], [1, 2, 1]],
          [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]]


def sobel_edges(image):
    """Each channel's vertical and horizontal Sobel edge maps, `[batch, h, w, d, 2]`: a
    depthwise convolution of the reflect-padded image (`image_ops_impl.sobel_edges`)."""
    image = tf.convert_to_tensor(image)
    static_image_shape = image.get_shape()
    image_shape = tf.shape(image)
    # [3, 3, 1, 2]: the filters' rows, columns, one input channel and the two kernels.
    kernels = [[[[_SOBEL[k][row][col] for k in range(2)]] for col in range(3)]
               for row in range(3)]
    kernels_tf = tf.constant(kernels, dtype=image.dtype)
    kernels_tf = tf.tile(kernels_tf, [1, 1, image_shape[-1], 1], name="sobel_filters")
    padded = tf.pad(image, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
    output = tf.nn.depthwise_conv2d(padded, kernels_tf, [1, 1, 1, 1], "VALID")
    shape = tf.concat([image_shape, [2]], 0)
    output = tf.reshape(output, shape=shape)
    output.set_shape(static_image_shape.concatenate([2]))
    return output
