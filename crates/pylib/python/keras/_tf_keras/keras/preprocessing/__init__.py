"""`tf.keras.preprocessing`: `image`, `sequence` and the legacy `text` tools."""

from keras._tf_keras.keras.preprocessing import image, sequence, text  # noqa: F401
