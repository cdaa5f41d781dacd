"""`tf.keras.preprocessing.sequence`."""

from keras.utils import pad_sequences  # noqa: F401
