"""Names for the interpreter's built-in types (``FunctionType``, ``MethodType``, ...),
``SimpleNamespace``, and ``MappingProxyType``, a read-only view of a mapping."""

import sys

__all__ = ["FunctionType", "LambdaType", "MethodType", "BuiltinFunctionType",
           "BuiltinMethodType", "GeneratorType", "ModuleType", "CodeType",
           "SimpleNamespace", "MappingProxyType", "NoneType", "EllipsisType",
           "NotImplementedType", "GenericAlias", "new_class"]


def _function():
    pass


class _C:
    def _method(self):
        pass


FunctionType = LambdaType = type(_function)
CodeType = type(_function.__code__)
MethodType = type(_C()._method)
BuiltinFunctionType = BuiltinMethodType = type(len)
GeneratorType = type((lambda: (yield))())
ModuleType = type(sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)
GenericAlias = type(list[int])
del _C, _function


class SimpleNamespace:
    """An object whose attributes are the keyword arguments it was made with."""

    __module__ = "types"

    def __init__(self, mapping_or_iterable=(), /, **kwargs):
        for name, value in dict(mapping_or_iterable, **kwargs).items():
            setattr(self, name, value)

    def __repr__(self):
        items = ", ".join("{}={!r}".format(k, v) for k, v in self.__dict__.items())
        return "namespace({})".format(items)

    def __eq__(self, other):
        if not isinstance(other, SimpleNamespace):
            return NotImplemented
        return self.__dict__ == other.__dict__


class mappingproxy:
    """A read-only view of a mapping (what ``cls.__dict__`` and ``Enum.__members__`` are)."""

    __module__ = "builtins"

    def __init__(self, mapping):
        if not hasattr(mapping, "keys") or not hasattr(mapping, "__getitem__"):
            raise TypeError("mappingproxy() argument must be a mapping, not {}".format(
                type(mapping).__name__))
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return "mappingproxy({!r})".format(self._mapping)

    def __str__(self):
        return str(self._mapping)


MappingProxyType = mappingproxy
del mappingproxy


def new_class(name, bases=(), kwds=None, exec_body=None):
    """A class made as a ``class`` statement would make it."""
    kwds = dict(kwds or {})
    meta = kwds.pop("metaclass", type)
    namespace = meta.__prepare__(name, bases, **kwds) if hasattr(meta, "__prepare__") else {}
    if exec_body is not None:
        exec_body(namespace)
    return meta(name, bases, namespace, **kwds)
