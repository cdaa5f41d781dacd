"""`serialize_keras_object` and `deserialize_keras_object`: an object as a JSON-able
config (`{"module", "class_name", "config", "registered_name"}`, as Keras 3 writes it) and
back. Classes are found as Keras finds them: registered custom objects and
`custom_objects` first, then Keras's own public modules; a user's class that is neither
cannot be found, with Keras's error."""

import importlib
import types

import numpy as np
import tensorflow as tf

from keras.src.saving import object_registration

# Where Keras's own classes and functions are public, searched in this order.
_PUBLIC_MODULES = (
    "keras.layers", "keras.initializers", "keras.regularizers", "keras.constraints",
    "keras.losses", "keras.metrics", "keras.optimizers", "keras.optimizers.schedules",
    "keras.activations", "keras.callbacks", "keras.dtype_policies",
)
_BUILTIN_FUNCTION_MODULES = ("activations", "losses", "metrics")

# Python functions a config names but a file cannot hold (lambdas), by token, for this run.
_LAMBDAS = {}

_SAFE_MODE = [True]


class SafeModeScope:
    def __init__(self, safe_mode=True):
        self.safe_mode = safe_mode

    def __enter__(self):
        _SAFE_MODE.append(self.safe_mode)
        return self

    def __exit__(self, *exc):
        _SAFE_MODE.pop()
        return False


def in_safe_mode():
    return _SAFE_MODE[-1]


def _public_module(obj):
    module = getattr(obj, "__module__", "") or ""
    if module == "keras" or module.startswith("keras."):
        for name in _PUBLIC_MODULES:
            try:
                public = importlib.import_module(name)
            except ModuleNotFoundError:
                continue
            if getattr(public, obj.__name__, None) is obj:
                return name
        if module.startswith(("keras.src.models", "keras.src.dtype_policies")):
            return "keras"
    return module


def is_keras_builtin(obj):
    """Whether `obj` (a class or function) is Keras's own, not a user's."""
    module = getattr(obj, "__module__", "") or ""
    return module == "keras" or module.startswith("keras.")


def serialize_keras_object(obj):
    """`obj` as a config Keras can write to JSON and rebuild."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, np.ndarray) and type(obj) is not np.ndarray and obj.ndim == 0:
        return obj.item()  # a NumPy scalar (`np.float32(0.5)`)
    if isinstance(obj, bytes):
        return {"class_name": "__bytes__", "config": {"value": obj.decode("utf-8")}}
    if isinstance(obj, tuple):
        return {"class_name": "__tuple__",
                "config": {"value": [serialize_keras_object(x) for x in obj]}}
    if isinstance(obj, list):
        return [serialize_keras_object(x) for x in obj]
    if isinstance(obj, dict):
        return {k: serialize_keras_object(v) for k, v in obj.items()}
    if isinstance(obj, tf.DType):
        return obj.name
    if type(obj).__module__ == "numpy" and hasattr(obj, "itemsize") and \
            not isinstance(obj, np.ndarray):
        return str(obj)  # a NumPy dtype
    if isinstance(obj, tf.TensorShape):
        return obj.as_list() if obj.rank is not None else None
    if isinstance(obj, np.ndarray) or tf.is_tensor(obj):
        array = np.asarray(obj)
        return {"class_name": "__numpy__",
                "config": {"value": array.tolist(), "dtype": str(array.dtype)}}
    if isinstance(obj, types.FunctionType) and obj.__name__ == "<lambda>":
        token = f"lambda_{len(_LAMBDAS)}"
        _LAMBDAS[token] = obj
        return {"class_name": "__lambda__", "config": {"value": token}}
    if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)) and \
            not hasattr(obj, "get_config"):
        registered = object_registration.get_registered_name(obj)
        if is_keras_builtin(obj):
            return obj.__name__
        return {"module": "builtins", "class_name": "function",
                "config": registered, "registered_name": "function"}
    if isinstance(obj, type):
        raise TypeError(f"Cannot serialize the class {obj.__name__}: pass an instance.")
    get_config = getattr(obj, "get_config", None)
    if get_config is None:
        raise TypeError(
            f"Cannot serialize object {obj} of type {type(obj)}. To be serializable, "
            "a class must implement the `get_config()` method."
        )
    cls = type(obj)
    config = {
        "module": _public_module(cls),
        "class_name": cls.__name__,
        "config": serialize_keras_object(get_config()),
        "registered_name": None if is_keras_builtin(cls)
        else object_registration.get_registered_name(cls),
    }
    if hasattr(obj, "get_build_config"):
        build_config = obj.get_build_config()
        if build_config is not None:
            config["build_config"] = serialize_keras_object(build_config)
    if hasattr(obj, "get_compile_config"):
        compile_config = obj.get_compile_config()
        if compile_config is not None:
            config["compile_config"] = serialize_keras_object(compile_config)
    if config["module"] == "__main__":
        # As Keras: a class of the program itself has no module to import it from.
        config["module"] = None
    return config


def _retrieve(name, registered_name, module, kind, full_config, custom_objects,
              module_objects=None):
    lookup = name if kind == "function" else registered_name
    found = object_registration.get_registered_object(lookup, custom_objects=custom_objects)
    if found is None and custom_objects and name in custom_objects:
        found = custom_objects[name]
    if found is None and module_objects:
        # The objects of the module asking (`initializers.get`), for configs without
        # a module (`{"class_name": "VarianceScaling", "config": ...}`).
        found = module_objects.get(name)
    if found is not None:
        return found
    if module and (module == "keras" or module.startswith("keras.")):
        try:
            found = getattr(importlib.import_module(module), name, None)
        except ModuleNotFoundError:
            found = None
        if found is None and module == "keras":
            for fallback in ("keras.models", "keras.src.dtype_policies"):
                found = found or getattr(importlib.import_module(fallback), name, None)
        if found is not None:
            return found
    if kind == "function":
        for sub in _BUILTIN_FUNCTION_MODULES:
            found = getattr(importlib.import_module("keras." + sub), name, None)
            if found is not None:
                return found
    raise TypeError(
        f"Could not locate {kind} '{name}'. Make sure custom classes and functions are "
        "decorated with `@keras.saving.register_keras_serializable()`. If they are already "
        "decorated, make sure they are all imported so that the decorator is run before "
        f"trying to load them. Full object config: {full_config}"
    )


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """The object `config` describes (values that are already objects pass through)."""
    safe_mode = safe_mode and in_safe_mode()
    if config is None or isinstance(config, (bool, int, float, str)):
        return config
    if isinstance(config, (list, tuple)):
        return [deserialize_keras_object(x, custom_objects, safe_mode) for x in config]
    if not isinstance(config, dict):
        return config
    if "class_name" not in config or "config" not in config:
        return {k: deserialize_keras_object(v, custom_objects, safe_mode)
                for k, v in config.items()}
    class_name = config["class_name"]
    inner = config["config"]
    if class_name == "__tuple__":
        return tuple(deserialize_keras_object(x, custom_objects, safe_mode)
                     for x in inner["value"])
    if class_name == "__bytes__":
        return inner["value"].encode("utf-8")
    if class_name == "__numpy__":
        return np.array(inner["value"], dtype=inner["dtype"])
    if class_name == "__lambda__":
        if safe_mode:
            raise ValueError(
                "Requested the deserialization of a `lambda` object. This carries a "
                "potential risk of arbitrary code execution and thus it is disallowed by "
                "default. If you trust the source of the saved model, you can pass "
                "`safe_mode=False` to the loading function in order to allow `lambda` "
                "loading, or call `keras.config.enable_unsafe_deserialization()`."
            )
        return _LAMBDAS[inner["value"]]
    module = config.get("module")
    registered_name = config.get("registered_name", class_name)
    module_objects = kwargs.get("module_objects")
    if class_name == "function":
        return _retrieve(inner, inner, module, "function", config, custom_objects,
                         module_objects)
    cls = _retrieve(class_name, registered_name, module, "class", config, custom_objects,
                    module_objects)
    if isinstance(cls, types.FunctionType):
        return cls
    if not getattr(cls, "_raw_config", False):
        inner = deserialize_keras_object(inner, custom_objects, safe_mode)
    if hasattr(cls, "from_config"):
        obj = cls.from_config(inner)
    else:
        obj = cls(**inner)
    build_config = config.get("build_config")
    if build_config and hasattr(obj, "build_from_config") and not getattr(obj, "built", True):
        obj.build_from_config(deserialize_keras_object(build_config))
    compile_config = config.get("compile_config")
    if compile_config and hasattr(obj, "compile_from_config"):
        obj._pending_compile_config = compile_config
    return obj


def get_object(identifier, kind, by_name, deserialize):
    """What a module's `get` makes of `identifier`, as Keras's `get` functions resolve it:
    `None` stays `None`, a config goes through `deserialize`, a name is looked up in
    `by_name`, a class is instantiated and any other callable is itself. Anything else is
    Keras's "Could not interpret {kind} identifier" error."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = by_name.get(identifier)
    else:
        obj = identifier
    if callable(obj):
        return obj() if isinstance(obj, type) else obj
    raise ValueError(f"Could not interpret {kind} identifier: {identifier}")


def enable_unsafe_deserialization():
    _SAFE_MODE[0] = False
