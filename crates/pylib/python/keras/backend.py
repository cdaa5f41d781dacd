"""`keras.backend`."""

from keras.src.backend import (  # noqa: F401
    backend, clear_session, epsilon, floatx, image_data_format, is_float_dtype,
    is_int_dtype, is_keras_tensor, result_type, set_epsilon, set_floatx, set_image_data_format,
    standardize_dtype,
)
