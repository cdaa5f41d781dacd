"""`keras.applications.mobilenet_v2`."""

from keras.src.applications.mobilenet_v2 import (  # noqa: F401
    MobileNetV2, decode_predictions, preprocess_input,
)
