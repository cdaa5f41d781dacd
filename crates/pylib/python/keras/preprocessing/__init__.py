"""`keras.preprocessing`: `image` and `sequence` (and, in `tf.keras`, the legacy `text`)."""

from keras.preprocessing import image, sequence  # noqa: F401
