"""`keras.saving`: saving and loading models and weights (`.keras`, `.weights.h5`) on the
run's virtual file system, and the registry of custom objects."""

from keras.src.saving.object_registration import (  # noqa: F401
    CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name,
    get_registered_object, register_keras_serializable,
)
from keras.src.saving.saving_lib import load_model, load_weights, save_model, save_weights  # noqa: F401
from keras.src.saving.serialization_lib import (  # noqa: F401
    deserialize_keras_object, serialize_keras_object,
)
