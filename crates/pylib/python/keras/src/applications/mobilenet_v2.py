"""MobileNetV2 (Sandler et al. 2018), as Keras builds it: inverted residual blocks of a
1×1 expansion, a 3×3 depthwise convolution and a 1×1 projection, with ReLU6."""

import warnings

from keras.src import backend
from keras.src.applications import imagenet_utils
from keras.src.layers.activation_layers import ReLU
from keras.src.layers.conv import Conv2D, DepthwiseConv2D
from keras.src.layers.merging import Add
from keras.src.layers.normalization import BatchNormalization
from keras.src.layers.reshaping import ZeroPadding2D

BASE_WEIGHT_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/"
_SIZES = [96, 128, 160, 192, 224]
# (filters, stride, expansion) of blocks 0..16.
_BLOCKS = [(16, 1, 1), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (32, 1, 6),
           (64, 2, 6), (64, 1, 6), (64, 1, 6), (64, 1, 6), (96, 1, 6), (96, 1, 6), (96, 1, 6),
           (160, 2, 6), (160, 1, 6), (160, 1, 6), (320, 1, 6)]


def _make_divisible(v, divisor, min_value=None):
    """`v` rounded to a multiple of `divisor`, never more than 10% below it."""
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def _default_size(input_shape, input_tensor):
    """The input size the weights exist for: a square 96 to 224, else 224."""
    if input_shape is None and input_tensor is not None and backend.is_keras_tensor(input_tensor):
        first = backend.image_data_format() == "channels_first"
        rows, cols = (input_tensor.shape[2], input_tensor.shape[3]) if first else (
            input_tensor.shape[1], input_tensor.shape[2])
    elif input_shape is not None:
        first = backend.image_data_format() == "channels_first"
        rows, cols = (input_shape[1], input_shape[2]) if first else (input_shape[0],
                                                                      input_shape[1])
    else:
        return 224
    return rows if rows == cols and rows in _SIZES else 224


def MobileNetV2(input_shape=None, alpha=1.0, include_top=True, weights="imagenet",
                input_tensor=None, pooling=None, classes=1000,
                classifier_activation="softmax", name=None):
    if not (weights in {"imagenet", None} or imagenet_utils._exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random initialization), "
            "`imagenet` (pre-training on ImageNet), or the path to the weights file to be "
            f"loaded.  Received `weights={weights}`"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            'If using `weights="imagenet"` with `include_top` as true, `classes` should be '
            f"1000. Received `classes={classes}`"
        )
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape, default_size=_default_size(input_shape, input_tensor), min_size=32,
        data_format=backend.image_data_format(), require_flatten=include_top, weights=weights)
    first = backend.image_data_format() == "channels_first"
    rows = input_shape[1 if first else 0]
    if weights == "imagenet":
        if alpha not in [0.35, 0.50, 0.75, 1.0, 1.3, 1.4]:
            raise ValueError(
                "If imagenet weights are being loaded, alpha must be one of `0.35`, `0.50`, "
                f"`0.75`, `1.0`, `1.3` or `1.4` only; Received `alpha={alpha}`"
            )
        cols = input_shape[2 if first else 1]
        if rows != cols or rows not in _SIZES:
            rows = 224
            warnings.warn(
                "`input_shape` is undefined or non-square, or `rows` is not in [96, 128, 160, "
                "192, 224]. Weights for input shape (224, 224) will be loaded as the default.",
                stacklevel=2,
            )
    img_input = imagenet_utils.model_input(input_tensor, input_shape)
    channel_axis = 1 if first else -1
    x = Conv2D(_make_divisible(32 * alpha, 8), kernel_size=3, strides=(2, 2), padding="same",
               use_bias=False, name="Conv1")(img_input)
    x = BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name="bn_Conv1")(x)
    x = ReLU(6.0, name="Conv1_relu")(x)
    for block_id, (filters, stride, expansion) in enumerate(_BLOCKS):
        x = _inverted_res_block(x, filters=filters, alpha=alpha, stride=stride,
                                expansion=expansion, block_id=block_id)
    last_block_filters = _make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = Conv2D(last_block_filters, kernel_size=1, use_bias=False, name="Conv_1")(x)
    x = BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name="Conv_1_bn")(x)
    x = ReLU(6.0, name="out_relu")(x)
    x = imagenet_utils.finish(x, include_top, pooling, classes, classifier_activation, weights,
                              pool_names=False)
    if name is None:
        name = f"mobilenetv2_{alpha:0.2f}_{rows}"
    model = imagenet_utils.build_model(input_tensor, img_input, x, name)
    suffix = f"_{float(alpha)}_{rows}.h5" if include_top else f"_{float(alpha)}_{rows}_no_top.h5"
    model_name = "mobilenet_v2_weights_tf_dim_ordering_tf_kernels" + suffix
    imagenet_utils.load_weights(model, weights, model_name, BASE_WEIGHT_PATH + model_name)
    return model


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id):
    """Expand (1×1, not in block 0), depthwise 3×3 (padded first at stride 2), project
    (1×1, linear); added to the input when the shapes allow."""
    channel_axis = 1 if backend.image_data_format() == "channels_first" else -1
    in_channels = inputs.shape[channel_axis]
    pointwise_filters = _make_divisible(int(filters * alpha), 8)
    x = inputs
    prefix = f"block_{block_id}_"
    if block_id:
        x = Conv2D(expansion * in_channels, kernel_size=1, padding="same", use_bias=False,
                   activation=None, name=f"{prefix}expand")(x)
        x = BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999,
                               name=f"{prefix}expand_BN")(x)
        x = ReLU(6.0, name=f"{prefix}expand_relu")(x)
    else:
        prefix = "expanded_conv_"
    if stride == 2:
        x = ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name=f"{prefix}pad")(x)
    x = DepthwiseConv2D(kernel_size=3, strides=stride, activation=None, use_bias=False,
                        padding="same" if stride == 1 else "valid",
                        name=f"{prefix}depthwise")(x)
    x = BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999,
                           name=f"{prefix}depthwise_BN")(x)
    x = ReLU(6.0, name=f"{prefix}depthwise_relu")(x)
    x = Conv2D(pointwise_filters, kernel_size=1, padding="same", use_bias=False,
               activation=None, name=f"{prefix}project")(x)
    x = BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999,
                           name=f"{prefix}project_BN")(x)
    if in_channels == pointwise_filters and stride == 1:
        return Add(name=f"{prefix}add")([inputs, x])
    return x


def preprocess_input(x, data_format=None):
    """MobileNetV2's pixels: `tf` mode (scaled to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


decode_predictions = imagenet_utils.decode_predictions
