"""`keras.config`: the global settings (float type, epsilon, image data format, dtype
policy)."""

from keras.src.backend import (  # noqa: F401
    backend, epsilon, floatx, image_data_format, set_epsilon, set_floatx,
    set_image_data_format,
)
from keras.src.dtype_policies import dtype_policy, set_dtype_policy  # noqa: F401
from keras.src.saving.serialization_lib import enable_unsafe_deserialization  # noqa: F401
