"""Abstract base classes: ``ABC`` and ``abstractmethod``.

A class deriving from ``ABC`` records its abstract methods in ``__abstractmethods__``, and
instantiating it while any remain raises CPython's ``TypeError``. ``register()`` makes a
class a virtual subclass for ``isinstance`` and ``issubclass``.
"""

__all__ = ["ABC", "ABCMeta", "abstractmethod", "abstractclassmethod",
           "abstractstaticmethod", "abstractproperty", "get_cache_token"]


def abstractmethod(funcobj):
    """Marks a method abstract: subclasses must override it before they are instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    """A class method that is abstract (deprecated in CPython: stack ``classmethod`` on
    ``abstractmethod``)."""
    return classmethod(abstractmethod(callable))


def abstractstaticmethod(callable):
    return staticmethod(abstractmethod(callable))


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    return property(abstractmethod(fget) if fget is not None else None, fset, fdel, doc)


def _is_abstract(value):
    if isinstance(value, property):
        return any(getattr(f, "__isabstractmethod__", False)
                   for f in (value.fget, value.fset, value.fdel) if f is not None)
    if getattr(value, "__isabstractmethod__", False):
        return True
    return getattr(getattr(value, "__func__", None), "__isabstractmethod__", False)


def _compute_abstract_methods(cls):
    abstracts = {name for name, value in cls.__dict__.items() if _is_abstract(value)}
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)


class ABCMeta(type):
    """The metaclass of abstract base classes: records a class's abstract methods in
    ``__abstractmethods__`` and answers ``isinstance``/``issubclass`` for registered virtual
    subclasses and ``__subclasshook__``."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        _compute_abstract_methods(cls)
        cls._abc_registry = []
        cls._abc_subclasses = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Makes ``subclass`` a virtual subclass of this class."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if cls in subclass.__mro__:
            return True
        hook = getattr(cls, "__subclasshook__", None)
        ok = hook(subclass) if hook is not None else NotImplemented
        if ok is not NotImplemented:
            return bool(ok)
        for registered in cls.__dict__.get("_abc_registry", ()):
            if issubclass(subclass, registered):
                return True
        for scls in cls.__dict__.get("_abc_subclasses", ()):
            if issubclass(subclass, scls):
                return True
        return False


class ABC(metaclass=ABCMeta):
    """The base of abstract classes (see the module's documentation)."""

    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, subclass):
        return NotImplemented


def get_cache_token():
    return 0
