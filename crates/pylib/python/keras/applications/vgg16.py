"""`keras.applications.vgg16`."""

from keras.src.applications.vgg import VGG16, decode_predictions, preprocess_input  # noqa: F401
