"""`keras.applications.inception_v3`."""

from keras.src.applications.inception_v3 import (  # noqa: F401
    InceptionV3, decode_predictions, preprocess_input,
)
