"""MobileNet (Howard et al. 2017), as Keras builds it: a 3×3 convolution, then thirteen
depthwise-separable blocks (3×3 depthwise, 1×1 pointwise, each batch-normalised with
ReLU6); the classifier is a 1×1 convolution over the pooled features."""

import warnings

from keras.src import backend
from keras.src.applications import imagenet_utils
from keras.src.layers.activation_layers import ReLU
from keras.src.layers.conv import (
    Conv2D, DepthwiseConv2D, GlobalAveragePooling2D, GlobalMaxPooling2D,
)
from keras.src.layers.core import Activation, Dropout, Reshape
from keras.src.layers.normalization import BatchNormalization
from keras.src.layers.reshaping import ZeroPadding2D

BASE_WEIGHT_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/"
_SIZES = [128, 160, 192, 224]
# (pointwise filters, stride) of blocks 1..13.
_BLOCKS = [(64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1), (512, 1),
           (512, 1), (512, 1), (512, 1), (1024, 2), (1024, 1)]


def _default_size(input_shape):
    """The input size the weights exist for: a square 128 to 224, else 224."""
    if input_shape is None:
        return 224
    first = backend.image_data_format() == "channels_first"
    rows, cols = (input_shape[1], input_shape[2]) if first else (input_shape[0],
                                                                  input_shape[1])
    return rows if rows == cols and rows in _SIZES else 224


def MobileNet(input_shape=None, alpha=1.0, depth_multiplier=1, dropout=1e-3,
              include_top=True, weights="imagenet", input_tensor=None, pooling=None,
              classes=1000, classifier_activation="softmax", name=None):
    if not (weights in {"imagenet", None} or imagenet_utils._exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random initialization), "
            "'imagenet' (pre-training on ImageNet), or the path to the weights file to be "
            f"loaded. Received weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, `classes` should be "
            f"1000.  Received classes={classes}"
        )
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape, default_size=_default_size(input_shape), min_size=32,
        data_format=backend.image_data_format(), require_flatten=include_top, weights=weights)
    first = backend.image_data_format() == "channels_first"
    rows, cols = (input_shape[1], input_shape[2]) if first else (input_shape[0],
                                                                  input_shape[1])
    if weights == "imagenet":
        if depth_multiplier != 1:
            raise ValueError(
                "If imagenet weights are being loaded, depth multiplier must be 1.  "
                f"Received depth_multiplier={depth_multiplier}"
            )
        if alpha not in [0.25, 0.50, 0.75, 1.0]:
            raise ValueError(
                "If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, "
                f"`0.75` or `1.0` only.  Received alpha={alpha}"
            )
        if rows != cols or rows not in _SIZES:
            rows = 224
            warnings.warn(
                "`input_shape` is undefined or non-square, or `rows` is not in [128, 160, "
                "192, 224]. Weights for input shape (224, 224) will be loaded as the default.",
                stacklevel=2,
            )
    img_input = imagenet_utils.model_input(input_tensor, input_shape)
    x = _conv_block(img_input, 32, alpha, strides=(2, 2))
    for block_id, (filters, stride) in enumerate(_BLOCKS, start=1):
        x = _depthwise_conv_block(x, filters, alpha, depth_multiplier,
                                  strides=(stride, stride), block_id=block_id)
    if include_top:
        x = GlobalAveragePooling2D(keepdims=True)(x)
        x = Dropout(dropout, name="dropout")(x)
        x = Conv2D(classes, (1, 1), padding="same", name="conv_preds")(x)
        x = Reshape((classes,), name="reshape_2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = Activation(activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = GlobalMaxPooling2D()(x)
    if name is None:
        name = f"mobilenet_{alpha:0.2f}_{rows}"
    model = imagenet_utils.build_model(input_tensor, img_input, x, name)
    alpha_text = {1.0: "1_0", 0.75: "7_5", 0.50: "5_0"}.get(alpha, "2_5")
    suffix = "" if include_top else "_no_top"
    model_name = f"mobilenet_{alpha_text}_{rows}_tf{suffix}.h5"
    imagenet_utils.load_weights(model, weights, model_name, BASE_WEIGHT_PATH + model_name)
    return model


def _conv_block(inputs, filters, alpha, kernel=(3, 3), strides=(1, 1)):
    """The first layer: a convolution, batch normalisation and ReLU6."""
    channel_axis = 1 if backend.image_data_format() == "channels_first" else -1
    x = Conv2D(int(filters * alpha), kernel, padding="same", use_bias=False, strides=strides,
               name="conv1")(inputs)
    x = BatchNormalization(axis=channel_axis, name="conv1_bn")(x)
    return ReLU(6.0, name="conv1_relu")(x)


def _depthwise_conv_block(inputs, pointwise_conv_filters, alpha, depth_multiplier=1,
                          strides=(1, 1), block_id=1):
    """A depthwise 3×3 (padded bottom-right first at stride 2) and a pointwise 1×1, each
    batch-normalised with ReLU6."""
    channel_axis = 1 if backend.image_data_format() == "channels_first" else -1
    pointwise_conv_filters = int(pointwise_conv_filters * alpha)
    x = inputs
    if strides != (1, 1):
        x = ZeroPadding2D(((0, 1), (0, 1)), name=f"conv_pad_{block_id}")(x)
    x = DepthwiseConv2D((3, 3), padding="same" if strides == (1, 1) else "valid",
                        depth_multiplier=depth_multiplier, strides=strides, use_bias=False,
                        name=f"conv_dw_{block_id}")(x)
    x = BatchNormalization(axis=channel_axis, name=f"conv_dw_{block_id}_bn")(x)
    x = ReLU(6.0, name=f"conv_dw_{block_id}_relu")(x)
    x = Conv2D(pointwise_conv_filters, (1, 1), padding="same", use_bias=False,
               strides=(1, 1), name=f"conv_pw_{block_id}")(x)
    x = BatchNormalization(axis=channel_axis, name=f"conv_pw_{block_id}_bn")(x)
    return ReLU(6.0, name=f"conv_pw_{block_id}_relu")(x)


def preprocess_input(x, data_format=None):
    """MobileNet's pixels: `tf` mode (scaled to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


decode_predictions = imagenet_utils.decode_predictions
