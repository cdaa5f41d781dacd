"""ResNet (He et al. 2015) and ResNetV2 (pre-activation, He et al. 2016), as Keras builds
them: `ResNet50/101/152` and `ResNet50V2/101V2/152V2`."""

from keras.src import backend
from keras.src.applications import imagenet_utils
from keras.src.layers.conv import Conv2D, MaxPooling2D
from keras.src.layers.core import Activation
from keras.src.layers.merging import Add
from keras.src.layers.normalization import BatchNormalization
from keras.src.layers.reshaping import ZeroPadding2D

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/resnet/"
WEIGHTS_HASHES = {
    "resnet50": ("2cb95161c43110f7111970584f804107", "4d473c1dd8becc155b73f8504c6f6626"),
    "resnet101": ("f1aeb4b969a6efcfb50fad2f0c20cfc5", "88cf7a10940856eca736dc7b7e228a21"),
    "resnet152": ("100835be76be38e30d865e96f2aaae62", "ee4c566cf9a93f14d82f913c2dc6dd0c"),
    "resnet50v2": ("3ef43a0b657b3be2300d5770ece849e0", "fac2f116257151a9d068a22e544a4917"),
    "resnet101v2": ("6343647c601c52e1368623803854d971", "c0ed64b8031c3730f411d2eb4eea35b5"),
    "resnet152v2": ("a49b44d1979771252814e80f8ec446f9", "ed17cf2e0169df9d443503ef94b23b33"),
}
_EPSILON = 1.001e-5


def _bn_axis():
    return 3 if backend.image_data_format() == "channels_last" else 1


def ResNet(stack_fn, preact, use_bias, include_top=True, weights="imagenet", input_tensor=None,
           input_shape=None, pooling=None, classes=1000, classifier_activation="softmax",
           name="resnet", weights_name=None):
    """The stem (7×7 stride-2 convolution, 3×3 max pooling), `stack_fn`'s residual stages,
    and the classifier."""
    imagenet_utils.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape, default_size=224, min_size=32, data_format=backend.image_data_format(),
        require_flatten=include_top, weights=weights)
    img_input = imagenet_utils.model_input(input_tensor, input_shape)
    bn_axis = _bn_axis()
    x = ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(img_input)
    x = Conv2D(64, 7, strides=2, use_bias=use_bias, name="conv1_conv")(x)
    if not preact:
        x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name="conv1_bn")(x)
        x = Activation("relu", name="conv1_relu")(x)
    x = ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = MaxPooling2D(3, strides=2, name="pool1_pool")(x)
    x = stack_fn(x)
    if preact:
        x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name="post_bn")(x)
        x = Activation("relu", name="post_relu")(x)
    x = imagenet_utils.finish(x, include_top, pooling, classes, classifier_activation, weights)
    model = imagenet_utils.build_model(input_tensor, img_input, x, name)
    if weights == "imagenet" and weights_name in WEIGHTS_HASHES:
        suffix = "" if include_top else "_notop"
        file_name = f"{weights_name}_weights_tf_dim_ordering_tf_kernels{suffix}.h5"
        file_hash = WEIGHTS_HASHES[weights_name][0 if include_top else 1]
        imagenet_utils.load_weights(model, weights, file_name, BASE_WEIGHTS_PATH + file_name,
                                    file_hash)
    elif weights not in (None, "imagenet"):
        model.load_weights(weights)
    return model


def residual_block_v1(x, filters, kernel_size=3, stride=1, conv_shortcut=True, name=None):
    """The bottleneck block: 1×1, 3×3, 1×1 (×4) convolutions, each batch-normalised, added
    to the shortcut (a projection when `conv_shortcut`)."""
    bn_axis = _bn_axis()
    if conv_shortcut:
        shortcut = Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(x)
        shortcut = BatchNormalization(axis=bn_axis, epsilon=_EPSILON,
                                      name=f"{name}_0_bn")(shortcut)
    else:
        shortcut = x
    x = Conv2D(filters, 1, strides=stride, name=f"{name}_1_conv")(x)
    x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=f"{name}_1_bn")(x)
    x = Activation("relu", name=f"{name}_1_relu")(x)
    x = Conv2D(filters, kernel_size, padding="SAME", name=f"{name}_2_conv")(x)
    x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=f"{name}_2_bn")(x)
    x = Activation("relu", name=f"{name}_2_relu")(x)
    x = Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=f"{name}_3_bn")(x)
    x = Add(name=f"{name}_add")([shortcut, x])
    return Activation("relu", name=f"{name}_out")(x)


def stack_residual_blocks_v1(x, filters, blocks, stride1=2, name=None):
    x = residual_block_v1(x, filters, stride=stride1, name=f"{name}_block1")
    for i in range(2, blocks + 1):
        x = residual_block_v1(x, filters, conv_shortcut=False, name=f"{name}_block{i}")
    return x


def residual_block_v2(x, filters, kernel_size=3, stride=1, conv_shortcut=False, name=None):
    """The pre-activation bottleneck block: batch norm and ReLU before the convolutions;
    the stride is in the block's last unit."""
    bn_axis = _bn_axis()
    preact = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=f"{name}_preact_bn")(x)
    preact = Activation("relu", name=f"{name}_preact_relu")(preact)
    if conv_shortcut:
        shortcut = Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(preact)
    else:
        shortcut = MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = Conv2D(filters, 1, strides=1, use_bias=False, name=f"{name}_1_conv")(preact)
    x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=f"{name}_1_bn")(x)
    x = Activation("relu", name=f"{name}_1_relu")(x)
    x = ZeroPadding2D(padding=((1, 1), (1, 1)), name=f"{name}_2_pad")(x)
    x = Conv2D(filters, kernel_size, strides=stride, use_bias=False, name=f"{name}_2_conv")(x)
    x = BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=f"{name}_2_bn")(x)
    x = Activation("relu", name=f"{name}_2_relu")(x)
    x = Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    return Add(name=f"{name}_out")([shortcut, x])


def stack_residual_blocks_v2(x, filters, blocks, stride1=2, name=None):
    x = residual_block_v2(x, filters, conv_shortcut=True, name=f"{name}_block1")
    for i in range(2, blocks):
        x = residual_block_v2(x, filters, name=f"{name}_block{i}")
    return residual_block_v2(x, filters, stride=stride1, name=f"{name}_block{blocks}")


def _v1(depths):
    def stack_fn(x):
        x = stack_residual_blocks_v1(x, 64, depths[0], stride1=1, name="conv2")
        x = stack_residual_blocks_v1(x, 128, depths[1], name="conv3")
        x = stack_residual_blocks_v1(x, 256, depths[2], name="conv4")
        return stack_residual_blocks_v1(x, 512, depths[3], name="conv5")
    return stack_fn


def _v2(depths):
    def stack_fn(x):
        x = stack_residual_blocks_v2(x, 64, depths[0], name="conv2")
        x = stack_residual_blocks_v2(x, 128, depths[1], name="conv3")
        x = stack_residual_blocks_v2(x, 256, depths[2], name="conv4")
        return stack_residual_blocks_v2(x, 512, depths[3], stride1=1, name="conv5")
    return stack_fn


def ResNet50(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
             pooling=None, classes=1000, classifier_activation="softmax", name="resnet50"):
    return ResNet(_v1([3, 4, 6, 3]), False, True, include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation, name, "resnet50")


def ResNet101(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
              pooling=None, classes=1000, classifier_activation="softmax", name="resnet101"):
    return ResNet(_v1([3, 4, 23, 3]), False, True, include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation, name, "resnet101")


def ResNet152(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
              pooling=None, classes=1000, classifier_activation="softmax", name="resnet152"):
    return ResNet(_v1([3, 8, 36, 3]), False, True, include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation, name, "resnet152")


def ResNet50V2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
               pooling=None, classes=1000, classifier_activation="softmax", name="resnet50v2"):
    return ResNet(_v2([3, 4, 6, 3]), True, True, include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation, name, "resnet50v2")


def ResNet101V2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
                pooling=None, classes=1000, classifier_activation="softmax",
                name="resnet101v2"):
    return ResNet(_v2([3, 4, 23, 3]), True, True, include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation, name, "resnet101v2")


def ResNet152V2(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
                pooling=None, classes=1000, classifier_activation="softmax",
                name="resnet152v2"):
    return ResNet(_v2([3, 8, 36, 3]), True, True, include_top, weights, input_tensor,
                  input_shape, pooling, classes, classifier_activation, name, "resnet152v2")


def preprocess_input(x, data_format=None):
    """ResNet's pixels: `caffe` mode (BGR, the ImageNet mean subtracted)."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


def preprocess_input_v2(x, data_format=None):
    """ResNetV2's pixels: `tf` mode (scaled to [-1, 1])."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="tf")


decode_predictions = imagenet_utils.decode_predictions
