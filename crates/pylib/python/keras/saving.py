"""`keras.saving`: the registry of custom objects (`register_keras_serializable`,
`get_custom_objects`, `get_registered_object`, `get_registered_name`). Saving and loading
models is not available yet."""

_CUSTOM_OBJECTS = {}


def register_keras_serializable(package="Custom", name=None):
    def decorator(obj):
        registered = name or obj.__name__
        key = f"{package}>{registered}"
        if key in _CUSTOM_OBJECTS:
            raise ValueError(f"{key} has already been registered to {_CUSTOM_OBJECTS[key]}")
        _CUSTOM_OBJECTS[key] = obj
        obj._registered_name = key
        return obj

    return decorator


def get_custom_objects():
    return _CUSTOM_OBJECTS


def get_registered_object(name, custom_objects=None, module_objects=None):
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    if name in _CUSTOM_OBJECTS:
        return _CUSTOM_OBJECTS[name]
    if module_objects and name in module_objects:
        return module_objects[name]
    return None


def get_registered_name(obj):
    return getattr(obj, "_registered_name", None) or obj.__name__
