"""Inception v3 (Szegedy et al. 2016), as Keras builds it: a convolutional stem, three
35×35 blocks (mixed0–2), a grid reduction (mixed3), four 17×17 blocks with factorised 7×7
convolutions (mixed4–7), a second reduction (mixed8) and two 8×8 blocks with split 3×3
branches (mixed9–10). Every convolution is a `conv2d_bn`: convolution without bias, batch
normalisation without scale, ReLU. Layers are made in Keras's order, so their automatic
names (`conv2d_12`, `activation_40`) are Keras's too."""

from keras.src import backend
from keras.src.applications import imagenet_utils
from keras.src.layers.conv import AveragePooling2D, Conv2D, MaxPooling2D
from keras.src.layers.core import Activation
from keras.src.layers.merging import concatenate
from keras.src.layers.normalization import BatchNormalization

WEIGHTS_PATH = ("https://storage.googleapis.com/tensorflow/keras-applications/inception_v3/"
                "inception_v3_weights_tf_dim_ordering_tf_kernels.h5")
WEIGHTS_PATH_NO_TOP = ("https://storage.googleapis.com/tensorflow/keras-applications/"
                       "inception_v3/inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5")


def _channel_axis():
    return 1 if backend.image_data_format() == "channels_first" else 3


def conv2d_bn(x, filters, num_row, num_col, padding="same", strides=(1, 1), name=None):
    """A convolution without bias, batch normalisation without scale, and ReLU."""
    x = Conv2D(filters, (num_row, num_col), strides=strides, padding=padding, use_bias=False,
               name=None if name is None else f"{name}_conv")(x)
    x = BatchNormalization(axis=_channel_axis(), scale=False,
                           name=None if name is None else f"{name}_bn")(x)
    return Activation("relu", name=name)(x)


def _average_branch(x, filters):
    """A 3×3 average pool (stride 1) and a 1×1 convolution."""
    pooled = AveragePooling2D((3, 3), strides=(1, 1), padding="same")(x)
    return conv2d_bn(pooled, filters, 1, 1)


def _block_35(x, pool_filters, name):
    """mixed0–2: 1×1; 1×1 then 5×5; 1×1 then two 3×3; average pool then 1×1."""
    branch1x1 = conv2d_bn(x, 64, 1, 1)
    branch5x5 = conv2d_bn(conv2d_bn(x, 48, 1, 1), 64, 5, 5)
    branch3x3dbl = conv2d_bn(x, 64, 1, 1)
    branch3x3dbl = conv2d_bn(conv2d_bn(branch3x3dbl, 96, 3, 3), 96, 3, 3)
    branch_pool = _average_branch(x, pool_filters)
    return concatenate([branch1x1, branch5x5, branch3x3dbl, branch_pool],
                       axis=_channel_axis(), name=name)


def _reduction_35(x):
    """mixed3: a strided 3×3; 1×1, 3×3 and a strided 3×3; a max pool."""
    branch3x3 = conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding="valid")
    branch3x3dbl = conv2d_bn(conv2d_bn(x, 64, 1, 1), 96, 3, 3)
    branch3x3dbl = conv2d_bn(branch3x3dbl, 96, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = MaxPooling2D((3, 3), strides=(2, 2))(x)
    return concatenate([branch3x3, branch3x3dbl, branch_pool], axis=_channel_axis(),
                       name="mixed3")


def _block_17(x, width, name):
    """mixed4–7: 1×1; 1×1, 1×7, 7×1; 1×1 then 7×1, 1×7, 7×1, 1×7; average pool, 1×1.
    `width` is the inner factorised convolutions' filters."""
    branch1x1 = conv2d_bn(x, 192, 1, 1)
    branch7x7 = conv2d_bn(x, width, 1, 1)
    branch7x7 = conv2d_bn(branch7x7, width, 1, 7)
    branch7x7 = conv2d_bn(branch7x7, 192, 7, 1)
    branch7x7dbl = conv2d_bn(x, width, 1, 1)
    for filters, rows, cols in [(width, 7, 1), (width, 1, 7), (width, 7, 1), (192, 1, 7)]:
        branch7x7dbl = conv2d_bn(branch7x7dbl, filters, rows, cols)
    branch_pool = _average_branch(x, 192)
    return concatenate([branch1x1, branch7x7, branch7x7dbl, branch_pool],
                       axis=_channel_axis(), name=name)


def _reduction_17(x):
    """mixed8: 1×1 then a strided 3×3; 1×1, 1×7, 7×1, strided 3×3; a max pool."""
    branch3x3 = conv2d_bn(x, 192, 1, 1)
    branch3x3 = conv2d_bn(branch3x3, 320, 3, 3, strides=(2, 2), padding="valid")
    branch7x7x3 = conv2d_bn(x, 192, 1, 1)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 1, 7)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 7, 1)
    branch7x7x3 = conv2d_bn(branch7x7x3, 192, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = MaxPooling2D((3, 3), strides=(2, 2))(x)
    return concatenate([branch3x3, branch7x7x3, branch_pool], axis=_channel_axis(),
                       name="mixed8")


def _block_8(x, index):
    """mixed9–10: 1×1; 1×1 split into 1×3 and 3×1; 1×1, 3×3 split the same way; average
    pool, 1×1."""
    axis = _channel_axis()
    branch1x1 = conv2d_bn(x, 320, 1, 1)
    branch3x3 = conv2d_bn(x, 384, 1, 1)
    branch3x3 = concatenate([conv2d_bn(branch3x3, 384, 1, 3), conv2d_bn(branch3x3, 384, 3, 1)],
                            axis=axis, name=f"mixed9_{index}")
    branch3x3dbl = conv2d_bn(conv2d_bn(x, 448, 1, 1), 384, 3, 3)
    branch3x3dbl = concatenate(
        [conv2d_bn(branch3x3dbl, 384, 1, 3), conv2d_bn(branch3x3dbl, 384, 3, 1)], axis=axis)
    branch_pool = _average_branch(x, 192)
    return concatenate([branch1x1, branch3x3, branch3x3dbl, branch_pool], axis=axis,
                       name=f"mixed{9 + index}")


def InceptionV3(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
                pooling=None, classes=1000, classifier_activation="softmax",
                name="inception_v3"):
    if not (weights in {"imagenet", None} or imagenet_utils._exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random initialization), "
            "`imagenet` (pre-training on ImageNet), or the path to the weights file to be "
            f"loaded; Received: weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            'If using `weights="imagenet"` with `include_top=True`, `classes` should be '
            f"1000. Received classes={classes}"
        )
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape, default_size=299, min_size=75, data_format=backend.image_data_format(),
        require_flatten=include_top, weights=weights)
    img_input = imagenet_utils.model_input(input_tensor, input_shape)
    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding="valid")
    x = conv2d_bn(x, 32, 3, 3, padding="valid")
    x = conv2d_bn(x, 64, 3, 3)
    x = MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = conv2d_bn(x, 80, 1, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, 3, padding="valid")
    x = MaxPooling2D((3, 3), strides=(2, 2))(x)
    for index, pool_filters in enumerate([32, 64, 64]):
        x = _block_35(x, pool_filters, f"mixed{index}")
    x = _reduction_35(x)
    for index, width in enumerate([128, 160, 160, 192]):
        x = _block_17(x, width, f"mixed{4 + index}")
    x = _reduction_17(x)
    for index in range(2):
        x = _block_8(x, index)
    # The classifier's pooling is `avg_pool`; the optional pooling keeps Keras's default name.
    top = _top(classes, classifier_activation, weights) if include_top else None
    x = imagenet_utils.finish(x, include_top, pooling, classes, classifier_activation, weights,
                              pool_names=False, top=top)
    model = imagenet_utils.build_model(input_tensor, img_input, x, name)
    if include_top:
        file_name, origin = ("inception_v3_weights_tf_dim_ordering_tf_kernels.h5",
                             WEIGHTS_PATH)
        file_hash = "9a0d58056eeedaa3f26cb7ebd46da564"
    else:
        file_name, origin = ("inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5",
                             WEIGHTS_PATH_NO_TOP)
        file_hash = "bcbd6486424b2319ff4ef7d526e38f63"
    imagenet_utils.load_weights(model, weights, file_name, origin, file_hash=file_hash)
    return model


def _top(classes, classifier_activation, weights):
    """The classifier: global average pooling named `avg_pool`, then `predictions`."""
    from keras.src.layers.conv import GlobalAveragePooling2D
    from keras.src.layers.core import Dense

    def top(x):
        x = GlobalAveragePooling2D(name="avg_pool")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        return Dense(classes, activation=classifier_activation, name="predictions")(x)

    return top


def preprocess_input(x, data_format=None):
    """Inception v3's pixels: `tf` mode (scaled to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


decode_predictions = imagenet_utils.decode_predictions
