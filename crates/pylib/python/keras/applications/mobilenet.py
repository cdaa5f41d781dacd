"""`keras.applications.mobilenet`."""

from keras.src.applications.mobilenet import (  # noqa: F401
    MobileNet, decode_predictions, preprocess_input,
)
