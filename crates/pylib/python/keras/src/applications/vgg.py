"""VGG16 and VGG19 (Simonyan and Zisserman 2014), as Keras builds them."""

from keras.src import backend
from keras.src.applications import imagenet_utils
from keras.src.layers.conv import Conv2D, GlobalAveragePooling2D, GlobalMaxPooling2D
from keras.src.layers.conv import MaxPooling2D
from keras.src.layers.core import Dense, Flatten

_PATH = "https://storage.googleapis.com/tensorflow/keras-applications/{0}/{0}_weights_tf_dim_ordering_tf_kernels{1}.h5"
_HASHES = {
    "vgg16": ("64373286793e3c8b2b4e3219cbf3544b", "6d6bbae143d832006294945121d1f1fc"),
    "vgg19": ("cbe5617147190e668d6c5d5026f83318", "253f8cb515780f3b799900260a226db6"),
}


def VGG(convs, include_top, weights, input_tensor, input_shape, pooling, classes,
        classifier_activation, name, weights_name):
    """Five blocks of 3×3 convolutions (`convs` per block) each ending in a 2×2 max pooling,
    then two 4096-wide dense layers and the classifier."""
    imagenet_utils.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape, default_size=224, min_size=32, data_format=backend.image_data_format(),
        require_flatten=include_top, weights=weights)
    img_input = imagenet_utils.model_input(input_tensor, input_shape)
    x = img_input
    for block, (filters, count) in enumerate(zip((64, 128, 256, 512, 512), convs), start=1):
        for i in range(1, count + 1):
            x = Conv2D(filters, (3, 3), activation="relu", padding="same",
                       name=f"block{block}_conv{i}")(x)
        x = MaxPooling2D((2, 2), strides=(2, 2), name=f"block{block}_pool")(x)
    if include_top:
        x = Flatten(name="flatten")(x)
        x = Dense(4096, activation="relu", name="fc1")(x)
        x = Dense(4096, activation="relu", name="fc2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = GlobalMaxPooling2D()(x)
    model = imagenet_utils.build_model(input_tensor, img_input, x, name)
    suffix = "" if include_top else "_notop"
    imagenet_utils.load_weights(
        model, weights, f"{weights_name}_weights_tf_dim_ordering_tf_kernels{suffix}.h5",
        _PATH.format(weights_name, suffix), _HASHES[weights_name][0 if include_top else 1])
    return model


def VGG16(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
          pooling=None, classes=1000, classifier_activation="softmax", name="vgg16"):
    return VGG((2, 2, 3, 3, 3), include_top, weights, input_tensor, input_shape, pooling,
               classes, classifier_activation, name, "vgg16")


def VGG19(include_top=True, weights="imagenet", input_tensor=None, input_shape=None,
          pooling=None, classes=1000, classifier_activation="softmax", name="vgg19"):
    return VGG((2, 2, 4, 4, 4), include_top, weights, input_tensor, input_shape, pooling,
               classes, classifier_activation, name, "vgg19")


def preprocess_input(x, data_format=None):
    """VGG's pixels: `caffe` mode (BGR, the ImageNet mean subtracted)."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode="caffe")


decode_predictions = imagenet_utils.decode_predictions
