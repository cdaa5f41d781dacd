"""`tf.Module`: a named container whose variables, trainable variables and submodules are
found by walking its attributes, as `tensorflow/python/module/module.py` does."""

import tensorflow as tf

from _tensorflow import nest


def _camel_to_snake(value):
    """`MyDenseLayer` -> `my_dense_layer` (TensorFlow's `camel_to_snake`: an underscore
    before a capital that follows a lowercase letter or digit, or that starts a word)."""
    out = []
    for index, char in enumerate(value):
        if char.isupper() and index > 0:
            previous = value[index - 1]
            following = value[index + 1] if index + 1 < len(value) else ""
            if previous.islower() or previous.isdigit() or following.islower():
                out.append("_")
        out.append(char)
    return "".join(out).lower()


def _valid_identifier(name):
    if not name or not (name[0].isalpha() or name[0] == "_") or not name.isascii():
        return False
    return all(char.isalnum() or char == "_" for char in name)


def _is_variable(obj):
    return isinstance(obj, tf.Variable)


def _is_trainable_variable(obj):
    return _is_variable(obj) and getattr(obj, "trainable", False)


def _is_non_trainable_variable(obj):
    return _is_variable(obj) and not getattr(obj, "trainable", False)


def _is_module(obj):
    return isinstance(obj, Module)


class Module:
    """Base neural network module class: a named container of variables and other
    modules."""

    __module__ = "tensorflow.python.module.module"

    _TF_MODULE_IGNORED_PROPERTIES = frozenset((
        "_self_unconditional_checkpoint_dependencies",
        "_self_unconditional_dependency_names",
    ))

    def __init__(self, name=None):
        if name is None:
            name = _camel_to_snake(type(self).__name__)
        elif not _valid_identifier(name):
            raise ValueError(
                "%r is not a valid module name. Module names must be valid Python "
                "identifiers (e.g. a valid class name)." % name)
        self._name = name
        with tf.name_scope(name) as scope_name:
            self._name_scope = tf.name_scope(scope_name)

    @property
    def name(self):
        """The module's name (given, or the class name in snake case)."""
        return self._name

    @property
    def name_scope(self):
        """A `tf.name_scope` for this module's name."""
        return self._name_scope

    @property
    def variables(self):
        """The variables of this module and its submodules, sorted by attribute name."""
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(predicate=_is_trainable_variable))

    @property
    def non_trainable_variables(self):
        return tuple(self._flatten(predicate=_is_non_trainable_variable))

    @property
    def submodules(self):
        """All modules inside this one, breadth first."""
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(self, recursive=True, predicate=None, attribute_traversal_key=None,
                 with_path=False, expand_composites=False):
        if predicate is None:
            predicate = lambda _: True
        return _flatten_module(self, recursive=recursive, predicate=predicate,
                               attributes_to_ignore=self._TF_MODULE_IGNORED_PROPERTIES,
                               attribute_traversal_key=attribute_traversal_key,
                               with_path=with_path)

    @classmethod
    def with_name_scope(cls, method):
        """Decorates a method to run inside the module's name scope."""
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        method_with_name_scope.__name__ = method.__name__
        method_with_name_scope.__qualname__ = getattr(method, "__qualname__", method.__name__)
        method_with_name_scope.__doc__ = method.__doc__
        method_with_name_scope.__wrapped__ = method
        return method_with_name_scope


def _flatten_module(module, recursive, predicate, attribute_traversal_key,
                    attributes_to_ignore, with_path, module_path=(), seen=None,
                    recursion_stack=None):
    module_id = id(module)
    if seen is None:
        seen = {module_id}
    if recursion_stack is None:
        recursion_stack = []
    if module_id in recursion_stack:
        recursive = False
    module_dict = vars(module)
    submodules = []
    for key in sorted(module_dict, key=attribute_traversal_key):
        if key in attributes_to_ignore:
            continue
        for leaf_path, leaf in nest.flatten_with_tuple_paths(module_dict[key]):
            leaf_path = (key,) + leaf_path
            if not with_path:
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (module_path + leaf_path, leaf) if with_path else leaf
            if recursive and _is_module(leaf):
                submodules.append((module_path + leaf_path, leaf))
    recursion_stack.append(module_id)
    for submodule_path, submodule in submodules:
        yield from _flatten_module(submodule, recursive, predicate, attribute_traversal_key,
                                   attributes_to_ignore, with_path, submodule_path, seen,
                                   recursion_stack)
    recursion_stack.pop()
