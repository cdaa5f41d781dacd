"""`keras.applications.imagenet_utils`."""

from keras.src.applications.imagenet_utils import (  # noqa: F401
    decode_predictions, preprocess_input,
)
