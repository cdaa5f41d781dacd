"""`tf.keras.preprocessing.image`."""

from keras.preprocessing.image import img_to_array, load_img  # noqa: F401
