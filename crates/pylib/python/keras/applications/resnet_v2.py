"""`keras.applications.resnet_v2`."""

from keras.src.applications.resnet import (  # noqa: F401
    ResNet50V2, ResNet101V2, ResNet152V2, decode_predictions,
)
from keras.src.applications.resnet import preprocess_input_v2 as preprocess_input  # noqa: F401
