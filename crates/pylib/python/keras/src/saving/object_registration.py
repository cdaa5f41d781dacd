"""The registry of custom objects (`register_keras_serializable`, `custom_object_scope`),
which lets `load_model` find a user's classes and functions by their registered name."""

_GLOBAL_CUSTOM_OBJECTS = {}
_GLOBAL_CUSTOM_NAMES = {}
_SCOPES = []


class CustomObjectScope:
    """`with custom_object_scope({"MyLayer": MyLayer}):` makes the objects findable by
    name while loading."""

    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self):
        _SCOPES.append(self.custom_objects)
        return self

    def __exit__(self, *exc):
        _SCOPES.pop()
        return False


custom_object_scope = CustomObjectScope


def register_keras_serializable(package="Custom", name=None):
    def decorator(arg):
        class_name = name if name is not None else arg.__name__
        registered_name = package + ">" + class_name
        if isinstance(arg, type) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        _GLOBAL_CUSTOM_OBJECTS[registered_name] = arg
        _GLOBAL_CUSTOM_NAMES[arg] = registered_name
        return arg

    return decorator


def get_custom_objects():
    return _GLOBAL_CUSTOM_OBJECTS


def get_registered_name(obj):
    if obj in _GLOBAL_CUSTOM_NAMES:
        return _GLOBAL_CUSTOM_NAMES[obj]
    return obj.__name__


def get_registered_object(name, custom_objects=None, module_objects=None):
    for scope in reversed(_SCOPES):
        if name in scope:
            return scope[name]
    if name in _GLOBAL_CUSTOM_OBJECTS:
        return _GLOBAL_CUSTOM_OBJECTS[name]
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    if module_objects and name in module_objects:
        return module_objects[name]
    return None
