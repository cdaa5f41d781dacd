"""`tf.experimental`: the parts the playground emulates (`Optional`)."""

import tensorflow as tf
from tensorflow import nest


class Optional:
    """A value that may be absent (`tf.experimental.Optional`), made by `from_value` or
    `empty`; `get_value` of an empty one raises the kernel's `InvalidArgumentError`."""

    __module__ = "tensorflow.python.data.ops.optional_ops"

    def __init__(self, value, element_spec, present):
        self._value = value
        self._element_spec = element_spec
        self._present = present

    @staticmethod
    def from_value(value):
        value = nest.map_structure(tf.convert_to_tensor, value)
        spec = nest.map_structure(lambda t: tf.TensorSpec(t.shape, t.dtype), value)
        return _OptionalImpl(value, spec, True)

    @staticmethod
    def empty(element_spec):
        return _OptionalImpl(None, element_spec, False)

    def has_value(self, name=None):
        return tf.constant(self._present)

    def get_value(self, name=None):
        if not self._present:
            raise tf.errors.InvalidArgumentError(
                None, None,
                "{{function_node __wrapped__OptionalGetValue_output_types_"
                f"{len(nest.flatten(self._element_spec))}_device_/job:localhost/replica:0/"
                "task:0/device:CPU:0}} The given optional does not have a value. "
                "[Op:OptionalGetValue] name: ")
        return self._value

    @property
    def element_spec(self):
        return self._element_spec


class _OptionalImpl(Optional):
    __module__ = "tensorflow.python.data.ops.optional_ops"


_EXTENSION_TYPE_NAMES = ("ExtensionType", "BatchableExtensionType", "ExtensionTypeSpec")
_DISPATCH_NAMES = ("dispatch_for_api", "dispatch_for_unary_elementwise_apis",
                   "dispatch_for_binary_elementwise_apis", "unregister_dispatch_for")


def __getattr__(name):
    # `tf.experimental.numpy` loads on first use.
    import importlib
    if name == "numpy":
        return importlib.import_module("_tensorflow.tnp")
    # The extension-type names load on first use too.
    if name in _EXTENSION_TYPE_NAMES:
        return getattr(importlib.import_module("_tensorflow.extension_type"), name)
    if name in _DISPATCH_NAMES:
        return getattr(importlib.import_module("_tensorflow.dispatch"), name)
    raise AttributeError(f"module 'tensorflow._api.v2.experimental' has no attribute '{name}'")
