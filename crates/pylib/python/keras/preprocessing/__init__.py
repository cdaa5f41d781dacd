"""`keras.preprocessing`: `image` and `sequence` (and, in `tf.keras`, the legacy `text`)."""

from keras.preprocessing import image, sequence  # noqa: F401
from keras.src.timeseries import timeseries_dataset_from_array  # noqa: F401
