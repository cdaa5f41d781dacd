"""Random image augmentation layers (`RandomFlip`, `RandomContrast`, `RandomBrightness`), as
Keras 3 writes them: each call draws its transformation from the layer's `SeedGenerator`
(stateless TensorFlow ops on `[seed, counter]`), applies it when training (the default when
called directly) and passes images through in inference."""

import tensorflow as tf

from keras.src.layer import Layer
from keras.src.layers.conv import standardize_data_format
from keras.src.random import SeedGenerator, uniform


class _ImagePreprocessing(Layer):
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
