"""`keras.preprocessing.image`: arrays of images (the playground decodes no image files)."""

import numpy as np


def img_to_array(img, data_format=None, dtype=None):
    """An image as a float32 array of (height, width, channels)."""
    data_format = data_format or "channels_last"
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError(f"Unknown data_format: {data_format}")
    array = np.asarray(img, dtype=dtype or "float32")
    if array.ndim == 2:
        array = array.reshape((1,) + array.shape) if data_format == "channels_first" \
            else array.reshape(array.shape + (1,))
    elif array.ndim == 3:
        if data_format == "channels_first":
            array = array.transpose(2, 0, 1)
    else:
        raise ValueError(f"Unsupported image shape: {array.shape}")
    return array


def load_img(path, color_mode="rgb", target_size=None, interpolation="nearest",
             keep_aspect_ratio=False):
    raise ImportError("Could not import PIL.Image. The use of `load_img` requires PIL.")
