"""`keras.applications.vgg19`."""

from keras.src.applications.vgg import VGG19, decode_predictions, preprocess_input  # noqa: F401
