"""Random image augmentation layers (`RandomFlip`, `RandomContrast`, `RandomBrightness`,
`RandomRotation`, `RandomZoom`, `RandomTranslation`), as
Keras 3 writes them: each call draws its transformation from the layer's `SeedGenerator`
(stateless TensorFlow ops on `[seed, counter]`), applies it when training (the default when
called directly) and passes images through in inference."""

import math

import tensorflow as tf

from keras.src.layer import Layer
from keras.src.layers.conv import standardize_data_format
from keras.src.random import SeedGenerator, uniform


class _ImagePreprocessing(Layer):
    _allow_non_tensor_positional_args = True

    _USE_BASE_FACTOR = True
    _FACTOR_BOUNDS = (-1, 1)

    def __init__(self, factor=None, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        if self._USE_BASE_FACTOR:
            self._set_factor(factor or 0.0)
        elif factor is not None:
            raise ValueError(
                f"Layer {type(self).__name__} does not take a `factor` argument. "
                f"Received: factor={factor}"
            )
        self.built = True

    def _set_factor(self, factor):
        error_msg = (
            "The `factor` argument should be a number (or a list of two numbers) in the "
            f"range [{self._FACTOR_BOUNDS[0]}, {self._FACTOR_BOUNDS[1]}]. "
            f"Received: factor={factor}"
        )
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2:
                raise ValueError(error_msg)
            if factor[0] > self._FACTOR_BOUNDS[1] or factor[1] < self._FACTOR_BOUNDS[0]:
                raise ValueError(error_msg)
            lower, upper = sorted(factor)
        elif isinstance(factor, (int, float)):
            if factor < self._FACTOR_BOUNDS[0] or factor > self._FACTOR_BOUNDS[1]:
                raise ValueError(error_msg)
            factor = abs(factor)
            lower, upper = [max(-factor, self._FACTOR_BOUNDS[0]), factor]
        else:
            raise ValueError(error_msg)
        self.factor = lower, upper

    def _batch_shape(self, images):
        rank = len(images.shape)
        if rank == 3:
            return (1, 1, 1)
        if rank == 4:
            return [tf.shape(images)[0], 1, 1, 1]
        raise ValueError(
            f"Expected the input image to be rank 3 or 4. Received inputs.shape={images.shape}"
        )

    def call(self, data, training=True):
        images = tf.convert_to_tensor(data)
        transformation = self.get_random_transformation(images, training=training)
        return self.transform_images(images, transformation, training=training)

    def compute_output_shape(self, input_shape):
        return input_shape


class RandomFlip(_ImagePreprocessing):
    _USE_BASE_FACTOR = False

    def __init__(self, mode="horizontal_and_vertical", seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self.mode = mode

    def get_random_transformation(self, images, training=True):
        if not training:
            return None
        flips_shape = (1, 1, 1) if len(images.shape) == 3 else (tf.shape(images)[0], 1, 1, 1)
        return tf.less_equal(uniform(flips_shape, seed=self.generator), 0.5)

    def transform_images(self, images, flips, training=True):
        images = tf.cast(images, self.compute_dtype)
        if not training or flips is None:
            return images
        unbatched = len(images.shape) == 3
        outputs = tf.expand_dims(images, 0) if unbatched else images
        if self.data_format == "channels_last":
            horizontal, vertical = -2, -3
        else:
            horizontal, vertical = -1, -2
        if self.mode in ("horizontal", "horizontal_and_vertical"):
            outputs = tf.where(flips, tf.reverse(outputs, [horizontal]), outputs)
        if self.mode in ("vertical", "horizontal_and_vertical"):
            outputs = tf.where(flips, tf.reverse(outputs, [vertical]), outputs)
        return tf.squeeze(outputs, 0) if unbatched else outputs


class RandomContrast(_ImagePreprocessing):
    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(**kwargs)
        self._set_factor(factor)
        self.value_range = value_range
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, images, training=True):
        shape = self._batch_shape(images)
        if not training:
            return tf.zeros(shape)
        return uniform(shape, minval=1.0 - self.factor[0], maxval=1.0 + self.factor[1],
                       seed=self.generator, dtype=self.compute_dtype)

    def transform_images(self, images, factor, training=True):
        if not training:
            return images
        height, width = (-3, -2) if self.data_format == "channels_last" else (-2, -1)
        mean = tf.reduce_mean(images, axis=height, keepdims=True)
        mean = tf.reduce_mean(mean, axis=width, keepdims=True)
        outputs = (images - mean) * factor + mean
        return tf.clip_by_value(outputs, self.value_range[0], self.value_range[1])


class RandomBrightness(_ImagePreprocessing):
    _VALUE_RANGE_VALIDATION_ERROR = (
        "The `value_range` argument should be a list of two numbers. "
    )

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, **kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            raise ValueError(
                self._VALUE_RANGE_VALIDATION_ERROR + f"Received: value_range={value_range}"
            )
        self.value_range = sorted(value_range)

    def get_random_transformation(self, images, training=True):
        shape = self._batch_shape(images)
        if not training:
            return tf.zeros(shape)
        delta = uniform(shape, minval=self.factor[0], maxval=self.factor[1],
                        seed=self.generator)
        return delta * (self.value_range[1] - self.value_range[0])

    def transform_images(self, images, delta, training=True):
        if not training:
            return images
        images = images + tf.cast(delta, images.dtype)
        return tf.clip_by_value(images, self.value_range[0], self.value_range[1])


# ---- geometric augmentation: an affine transform per image ------------------------------

_SUPPORTED_FILL_MODE = ("reflect", "wrap", "constant", "nearest")
_SUPPORTED_INTERPOLATION = ("nearest", "bilinear")


def _check_modes(fill_mode, interpolation):
    if fill_mode not in _SUPPORTED_FILL_MODE:
        raise NotImplementedError(
            f"Unknown `fill_mode` {fill_mode}. Expected of one {_SUPPORTED_FILL_MODE}."
        )
    if interpolation not in _SUPPORTED_INTERPOLATION:
        raise NotImplementedError(
            f"Unknown `interpolation` {interpolation}. Expected of one "
            f"{_SUPPORTED_INTERPOLATION}."
        )


def affine_transform(images, transform, interpolation="bilinear", fill_mode="constant",
                     fill_value=0, data_format=None):
    """Keras's `ops.image.affine_transform` on the TensorFlow backend: one
    `ImageProjectiveTransformV3` over the batch."""
    data_format = standardize_data_format(data_format)
    need_squeeze = False
    if len(images.shape) == 3:
        images = tf.expand_dims(images, axis=0)
        need_squeeze = True
    if len(transform.shape) == 1:
        transform = tf.expand_dims(transform, axis=0)
    if data_format == "channels_first":
        images = tf.transpose(images, (0, 2, 3, 1))
    affined = tf.raw_ops.ImageProjectiveTransformV3(
        images=images,
        transforms=tf.cast(transform, dtype=tf.float32),
        output_shape=tf.shape(images)[1:-1],
        fill_value=fill_value,
        interpolation=interpolation.upper(),
        fill_mode=fill_mode.upper(),
    )
    affined = tf.ensure_shape(affined, images.shape)
    if data_format == "channels_first":
        affined = tf.transpose(affined, (0, 3, 1, 2))
    if need_squeeze:
        affined = tf.squeeze(affined, axis=0)
    return affined


def _image_dims(images, data_format):
    """`(batch_size, height, width)`: static sizes where known, else dynamic ones."""
    shape = images.shape.as_list()
    dynamic = tf.shape(images)
    dims = [shape[i] if shape[i] is not None else dynamic[i] for i in range(len(shape))]
    if len(dims) == 4:
        batch = dims[0]
        height, width = (dims[1], dims[2]) if data_format == "channels_last" else \
            (dims[2], dims[3])
    else:
        batch = 1
        height, width = (dims[0], dims[1]) if data_format == "channels_last" else \
            (dims[1], dims[2])
    return batch, height, width


class _AffineAugmentation(_ImagePreprocessing):
    """The layers that move pixels: the transform is drawn per image, then applied by
    `affine_transform` with the layer's interpolation and fill mode (training only)."""

    def _set_modes(self, fill_mode, interpolation, fill_value, seed):
        _check_modes(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def transform_images(self, images, transformation, training=True):
        images = tf.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        return affine_transform(images, self._matrix(images, transformation),
                                interpolation=self.interpolation, fill_mode=self.fill_mode,
                                fill_value=self.fill_value, data_format=self.data_format)


def _set_signed_factor(factor, factor_name, error, allow_minus_one):
    def check(number):
        if number > 1.0 or (number <= -1.0 if not allow_minus_one else number < -1.0):
            raise ValueError(error + f"Received: input_number={number}")

    if isinstance(factor, (tuple, list)):
        if len(factor) != 2:
            raise ValueError(error + f"Received: {factor_name}={factor}")
        check(factor[0])
        check(factor[1])
        return tuple(sorted(factor))
    if isinstance(factor, (int, float)):
        check(factor)
        factor = abs(factor)
        return -factor, factor
    raise ValueError(error + f"Received: {factor_name}={factor}")


class RandomRotation(_AffineAugmentation):
    """Rotates each image by a random angle in `factor * 2π` about its centre."""

    def __init__(self, factor, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        self._set_modes(fill_mode, interpolation, fill_value, seed)

    def get_random_transformation(self, images, training=True):
        if not training:
            return None
        batch, height, width = _image_dims(images, self.data_format)
        angle = uniform((batch,), minval=self.factor[0] * 360.0,
                        maxval=self.factor[1] * 360.0, seed=self.generator)
        matrix = compute_affine_matrix(
            center_x=0.5, center_y=0.5, angle=angle,
            translate_x=tf.zeros([batch]), translate_y=tf.zeros([batch]),
            scale=tf.ones([batch]), shear_x=tf.zeros([batch]), shear_y=tf.zeros([batch]),
            height=height, width=width)
        if len(images.shape) == 3:
            matrix = tf.squeeze(matrix, axis=0)
        return {"angle": angle, "rotation_matrix": matrix}

    def _matrix(self, images, transformation):
        return transformation["rotation_matrix"]


def compute_affine_matrix(center_x, center_y, angle, translate_x, translate_y, scale,
                          shear_x, shear_y, height, width):
    """Keras's `_compute_affine_matrix`: scaling, shear and rotation about the centre, as
    the 8 numbers of a projective transform."""
    degree_to_radian_factor = tf.convert_to_tensor(math.pi / 180.0, dtype="float32")
    angle = angle * degree_to_radian_factor
    shear_x = shear_x * degree_to_radian_factor
    shear_y = shear_y * degree_to_radian_factor
    batch_size = tf.shape(angle)[0]
    dtype = angle.dtype
    width = tf.cast(width, dtype)
    height = tf.cast(height, dtype)
    cx = center_x * (width - 1)
    cy = center_y * (height - 1)
    cos_theta = tf.cos(angle)
    sin_theta = tf.sin(angle)
    shear_x = tf.tan(shear_x)
    shear_y = tf.tan(shear_y)
    a0 = scale * (cos_theta + shear_x * sin_theta)
    a1 = scale * (-sin_theta + shear_x * cos_theta)
    a2 = translate_x + cx - cx * a0 - cy * a1
    b0 = scale * (shear_y * cos_theta + sin_theta)
    b1 = scale * (shear_y * -sin_theta + cos_theta)
    b2 = translate_y + cy - cx * b0 - cy * b1
    return tf.concat([a0[:, None], a1[:, None], a2[:, None], b0[:, None], b1[:, None],
                      b2[:, None], tf.zeros((batch_size, 2))], axis=1)


class RandomZoom(_AffineAugmentation):
    """Zooms each image in or out by a random factor per axis."""

    _FACTOR_VALIDATION_ERROR = (
        "The `height_factor` and `width_factor` arguments should be a number (or a list of "
        "two numbers) in the range (-1.0, 1.0]. "
    )
    _USE_BASE_FACTOR = False

    def __init__(self, height_factor, width_factor=None, fill_mode="reflect",
                 interpolation="bilinear", seed=None, fill_value=0.0, data_format=None,
                 **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height_factor = height_factor
        self.height_lower, self.height_upper = _set_signed_factor(
            height_factor, "height_factor", self._FACTOR_VALIDATION_ERROR, False)
        self.width_factor = width_factor
        if width_factor is not None:
            self.width_lower, self.width_upper = _set_signed_factor(
                width_factor, "width_factor", self._FACTOR_VALIDATION_ERROR, False)
        self._set_modes(fill_mode, interpolation, fill_value, seed)

    def get_random_transformation(self, images, training=True):
        if not training:
            return None
        batch = _image_dims(images, self.data_format)[0]
        shape = (batch, 1)
        height_zoom = uniform(shape, minval=1.0 + self.height_lower,
                              maxval=1.0 + self.height_upper, seed=self.generator)
        if self.width_factor is not None:
            width_zoom = uniform(shape, minval=1.0 + self.width_lower,
                                 maxval=1.0 + self.width_upper, seed=self.generator)
        else:
            width_zoom = height_zoom
        return {"height_zoom": height_zoom, "width_zoom": width_zoom}

    def _matrix(self, images, transformation):
        zooms = tf.cast(tf.concat([transformation["width_zoom"],
                                   transformation["height_zoom"]], axis=1), "float32")
        batched = images if len(images.shape) == 4 else tf.expand_dims(images, 0)
        _, height, width = _image_dims(batched, self.data_format)
        num_zooms = tf.shape(zooms)[0]
        x_offset = ((tf.cast(width, "float32") - 1.0) / 2.0) * (1.0 - zooms[:, 0:1])
        y_offset = ((tf.cast(height, "float32") - 1.0) / 2.0) * (1.0 - zooms[:, 1:])
        return tf.concat([zooms[:, 0:1], tf.zeros((num_zooms, 1)), x_offset,
                          tf.zeros((num_zooms, 1)), zooms[:, 1:], y_offset,
                          tf.zeros((num_zooms, 2))], axis=1)


class RandomTranslation(_AffineAugmentation):
    """Shifts each image by a random fraction of its height and width."""

    _FACTOR_VALIDATION_ERROR = (
        "The `factor` argument should be a number (or a list of two numbers) in the range "
        "[-1.0, 1.0]. "
    )
    _USE_BASE_FACTOR = False

    def __init__(self, height_factor, width_factor, fill_mode="reflect",
                 interpolation="bilinear", seed=None, fill_value=0.0, data_format=None,
                 **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height_factor = height_factor
        self.height_lower, self.height_upper = _set_signed_factor(
            height_factor, "height_factor", self._FACTOR_VALIDATION_ERROR, True)
        self.width_factor = width_factor
        self.width_lower, self.width_upper = _set_signed_factor(
            width_factor, "width_factor", self._FACTOR_VALIDATION_ERROR, True)
        self._set_modes(fill_mode, interpolation, fill_value, seed)

    def get_random_transformation(self, images, training=True):
        if not training:
            return None
        batch, height, width = _image_dims(images, self.data_format)
        height_translate = uniform([batch, 1], minval=self.height_lower,
                                   maxval=self.height_upper, seed=self.generator)
        height_translate = height_translate * tf.cast(height, height_translate.dtype)
        width_translate = uniform([batch, 1], minval=self.width_lower,
                                  maxval=self.width_upper, seed=self.generator)
        width_translate = width_translate * tf.cast(width, width_translate.dtype)
        translations = tf.cast(tf.concat([width_translate, height_translate], axis=1),
                               "float32")
        return {"translations": translations}

    def _matrix(self, images, transformation):
        translations = transformation["translations"]
        n = tf.shape(translations)[0]
        return tf.concat([tf.ones((n, 1)), tf.zeros((n, 1)), -translations[:, 0:1],
                          tf.zeros((n, 1)), tf.ones((n, 1)), -translations[:, 1:],
                          tf.zeros((n, 2))], axis=1)
