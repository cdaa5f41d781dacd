"""What the ImageNet models share (`keras.applications.imagenet_utils`): the input shape
checks, the stride-2 padding, the classifier's activation check, the three ways of scaling
pixels (`caffe`, `tf`, `torch`), and the weights download (which fails without network)."""

import warnings

import numpy as np
import tensorflow as tf

from keras.src import activations, backend
from keras.src.file_utils import get_file

CLASS_INDEX_PATH = ("https://storage.googleapis.com/download.tensorflow.org/"
                    "data/imagenet_class_index.json")


def check_weights(weights, include_top, classes):
    """The `weights` and `classes` checks ResNet and VGG start with (MobileNetV2 and
    EfficientNet word theirs differently)."""
    if not (weights in {"imagenet", None} or _exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random initialization), "
            "'imagenet' (pre-training on ImageNet), or the path to the weights file to be "
            f"loaded.  Received: weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, `classes` should be "
            f"1000.  Received classes={classes}"
        )


def _exists(path):
    import os
    try:
        return os.path.exists(path)
    except TypeError:
        return False


def obtain_input_shape(input_shape, default_size, min_size, data_format, require_flatten,
                       weights=None):
    """The model's input shape: the default one, or the user's after Keras's checks."""
    channels_first = data_format == "channels_first"
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        channels = input_shape[0] if channels_first else input_shape[-1]
        if channels not in {1, 3}:
            warnings.warn(
                "This model usually expects 1 or 3 input channels. However, it was passed an "
                f"input_shape with {input_shape[0] if channels_first else input_shape[-1]} "
                "input channels.",
                stacklevel=2,
            )
        default_shape = ((input_shape[0], default_size, default_size) if channels_first
                         else (default_size, default_size, input_shape[-1]))
    else:
        default_shape = ((3, default_size, default_size) if channels_first
                         else (default_size, default_size, 3))
    if weights == "imagenet" and require_flatten:
        if input_shape is not None and input_shape != default_shape:
            raise ValueError(
                "When setting `include_top=True` and loading `imagenet` weights, "
                f"`input_shape` should be {default_shape}.  Received: input_shape={input_shape}"
            )
        return default_shape
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError("`input_shape` must be a tuple of three integers.")
        channels, rows, cols = ((input_shape[0], input_shape[1], input_shape[2])
                                if channels_first else
                                (input_shape[-1], input_shape[0], input_shape[1]))
        if channels != 3 and weights == "imagenet":
            raise ValueError(f"The input must have 3 channels; Received `input_shape={input_shape}`")
        if (rows is not None and rows < min_size) or (cols is not None and cols < min_size):
            raise ValueError(
                f"Input size must be at least {min_size}x{min_size}; Received: "
                f"input_shape={input_shape}"
            )
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = (3, None, None) if channels_first else (None, None, 3)
    if require_flatten and None in input_shape:
        raise ValueError(
            "If `include_top` is True, you should specify a static `input_shape`. "
            f"Received: input_shape={input_shape}"
        )
    return input_shape


def model_input(input_tensor, input_shape):
    """The model's `Input`, or the user's `input_tensor`."""
    from keras.src.layers.core import Input
    if input_tensor is None:
        return Input(shape=input_shape)
    if not backend.is_keras_tensor(input_tensor):
        return Input(tensor=input_tensor, shape=input_shape)
    return input_tensor


def correct_pad(inputs, kernel_size):
    """The zero padding before a stride-2 convolution that keeps Keras's alignment:
    `((k//2 - adjust, k//2), ...)`, one less on the leading side for an even size."""
    axis = 2 if backend.image_data_format() == "channels_first" else 1
    size = tuple(inputs.shape[axis:axis + 2])
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    adjust = (1, 1) if size[0] is None else (1 - size[0] % 2, 1 - size[1] % 2)
    correct = (kernel_size[0] // 2, kernel_size[1] // 2)
    return ((correct[0] - adjust[0], correct[0]), (correct[1] - adjust[1], correct[1]))


def validate_activation(classifier_activation, weights):
    """Pretrained weights allow only a softmax or no activation on the classifier."""
    if weights is None:
        return
    activation = activations.get(classifier_activation)
    if activation not in {activations.get("softmax"), activations.get(None)}:
        raise ValueError(
            "Only `None` and `softmax` activations are allowed for the "
            "`classifier_activation` argument when using pretrained weights, with "
            f"`include_top=True`; Received: classifier_activation={classifier_activation}"
        )


def load_weights(model, weights, file_name, origin, file_hash=None):
    """`weights='imagenet'` downloads the file first: without network, Keras's download
    error; a path loads the file."""
    if weights == "imagenet":
        path = get_file(file_name, origin, cache_subdir="models", file_hash=file_hash)
        model.load_weights(path)
    elif weights is not None:
        model.load_weights(weights)


def finish(x, include_top, pooling, classes, classifier_activation, weights, pool_names=True,
           top=None):
    """The classifier (`include_top`) or the optional pooling, as the models end."""
    from keras.src.layers import conv, core
    if include_top:
        if top is not None:
            return top(x)
        x = conv.GlobalAveragePooling2D(name="avg_pool" if pool_names else None)(x)
        validate_activation(classifier_activation, weights)
        return core.Dense(classes, activation=classifier_activation, name="predictions")(x)
    if pooling == "avg":
        return conv.GlobalAveragePooling2D(name="avg_pool" if pool_names else None)(x)
    if pooling == "max":
        return conv.GlobalMaxPooling2D(name="max_pool" if pool_names else None)(x)
    return x


def build_model(input_tensor, img_input, outputs, name):
    """The `Functional` model from the image input (the user's `input_tensor` if given)."""
    from keras.src.models.model import Model
    inputs = img_input if input_tensor is None else input_tensor
    return Model(inputs, outputs, name=name)


_CAFFE_MEAN = [103.939, 116.779, 123.68]
_TORCH_MEAN = [0.485, 0.456, 0.406]
_TORCH_STD = [0.229, 0.224, 0.225]


def preprocess_input(x, data_format=None, mode="caffe"):
    """Scales a batch of images as a model's training did: `caffe` (RGB to BGR, ImageNet
    mean subtracted), `tf` (to [-1, 1]) or `torch` (to [0, 1], then the ImageNet mean and
    standard deviation). A NumPy array is changed in place when it is a float array."""
    if mode not in {"caffe", "tf", "torch"}:
        raise ValueError(
            "Expected mode to be one of `caffe`, `tf` or `torch`. "
            f"Received: mode={mode}"
        )
    if data_format is None:
        data_format = backend.image_data_format()
    elif data_format not in {"channels_first", "channels_last"}:
        raise ValueError(
            "Expected data_format to be one of `channels_first` or `channels_last`. "
            f"Received: data_format={data_format}"
        )
    if isinstance(x, np.ndarray):
        return _preprocess_numpy(x, data_format, mode)
    return _preprocess_tensor(x, data_format, mode)


def _preprocess_numpy(x, data_format, mode):
    if not issubclass(x.dtype.type, np.floating):
        x = x.astype(backend.floatx(), copy=False)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        if data_format == "channels_first":
            x = x[::-1, ...] if x.ndim == 3 else x[:, ::-1, ...]
        else:
            x = x[..., ::-1]
        mean, std = _CAFFE_MEAN, None
    for channel in range(3):
        if data_format == "channels_first":
            index = (channel,) if x.ndim == 3 else (slice(None), channel)
        else:
            index = (Ellipsis, channel)
        x[index] -= mean[channel]
        if std is not None:
            x[index] /= std[channel]
    return x


def _preprocess_tensor(x, data_format, mode):
    """The same scaling with Keras ops, so it also works on a functional model's symbolic
    input (`preprocess_input(inputs)` in a transfer-learning model)."""
    from keras.src import ops
    from keras.src.backend import convert_to_tensor, is_keras_tensor
    if not is_keras_tensor(x):
        x = convert_to_tensor(x)
    ndim = len(x.shape)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        if data_format == "channels_first":
            x = (ops.stack([x[i, ...] for i in (2, 1, 0)], axis=0) if ndim == 3 else
                 ops.stack([x[:, i, :] for i in (2, 1, 0)], axis=1))
        else:
            x = ops.stack([x[..., i] for i in (2, 1, 0)], axis=-1)
        mean, std = _CAFFE_MEAN, None
    mean_tensor = convert_to_tensor(-np.array(mean), dtype=x.dtype)
    if data_format == "channels_first":
        shape = (3, 1, 1) if ndim == 3 else (1, 3) + (1,) * (ndim - 2)
    else:
        shape = (1,) * (ndim - 1) + (3,)
    x += ops.reshape(mean_tensor, shape)
    if std is not None:
        std_tensor = convert_to_tensor(np.array(std), dtype=x.dtype)
        if data_format == "channels_first":
            std_tensor = ops.reshape(std_tensor, (-1, 1, 1))
        x /= std_tensor
    return x


def decode_predictions(preds, top=5):
    """The top ImageNet classes of each prediction: needs Keras's class index file, which
    is downloaded (so it fails without network, after the shape check)."""
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError(
            "`decode_predictions` expects a batch of predictions (i.e. a 2D array of shape "
            f"(samples, 1000)). Received array with shape: {preds.shape}"
        )
    get_file("imagenet_class_index.json", CLASS_INDEX_PATH, cache_subdir="models",
             file_hash="c2c37ea517e94d9795004a39431a14cb")
    raise RuntimeError("the ImageNet class index could not be read")
