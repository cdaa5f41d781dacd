"""`keras.applications.resnet50`."""

from keras.src.applications.resnet import (  # noqa: F401
    ResNet50, decode_predictions, preprocess_input,
)
