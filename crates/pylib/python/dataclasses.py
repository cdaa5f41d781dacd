"""Classes whose ``__init__``, ``__repr__``, ``__eq__`` (and on request ordering, hashing
and immutability) are made from their annotated fields.

CPython writes the methods as source text and ``exec``s it; here they are closures over the
field list, with the same behaviour and error messages.
"""

import copy as _copy

__all__ = [
    "dataclass", "field", "Field", "FrozenInstanceError", "InitVar", "KW_ONLY", "MISSING",
    "fields", "asdict", "astuple", "make_dataclass", "replace", "is_dataclass",
]


class FrozenInstanceError(AttributeError):
    pass


class _MissingType:
    def __repr__(self):
        return "<dataclasses._MISSING_TYPE object at 0x7f0000000000>"


MISSING = _MissingType()


class _KwOnlyType:
    def __repr__(self):
        return "<dataclasses._KW_ONLY_TYPE object at 0x7f0000000000>"


KW_ONLY = _KwOnlyType()
_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"


class InitVar:
    """A pseudo-field passed to ``__init__`` and ``__post_init__`` but not stored."""

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        name = getattr(self.type, "__name__", None) or repr(self.type)
        return "dataclasses.InitVar[%s]" % name

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    """One field of a dataclass, as ``fields()`` reports it."""

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata,
                 kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = "_FIELD"

    def __repr__(self):
        return ("Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,"
                "hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=%s)" % (
                    self.name, self.type, self.default, self.default_factory, self.init,
                    self.repr, self.hash, self.compare, self.metadata, self.kw_only,
                    self._field_type))

    def __set_name__(self, owner, name):
        pass


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    """Describes a field: its default (or a factory making one) and where it takes part."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(annotation):
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    text = repr(annotation)
    return text.startswith("typing.ClassVar") or annotation is _classvar()


def _classvar():
    try:
        import typing
        return typing.ClassVar
    except (ImportError, AttributeError):
        return None


def _is_initvar(annotation):
    return isinstance(annotation, InitVar) or annotation is InitVar or (
        isinstance(annotation, str) and annotation.startswith(("InitVar", "dataclasses.InitVar")))


def _own_fields(cls, kw_only_default):
    annotations = cls.__dict__.get("__annotations__", {})
    result = []
    kw_only = kw_only_default
    for name, annotation in annotations.items():
        if annotation is KW_ONLY or (isinstance(annotation, str) and annotation == "KW_ONLY"):
            kw_only = True
            continue
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = field(default=default)
        f.name = name
        f.type = annotation
        if _is_classvar(annotation):
            f._field_type = "_FIELD_CLASSVAR"
        elif _is_initvar(annotation):
            f._field_type = "_FIELD_INITVAR"
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if f._field_type == "_FIELD" and f.default_factory is MISSING and \
                isinstance(f.default, (list, dict, set)):
            raise ValueError("mutable default %s for field %s is not allowed: use "
                             "default_factory" % (type(f.default), name))
        result.append(f)
    return result


def _init_function(cls, fields, has_post_init):
    """The generated ``__init__``: binds arguments as a def with these parameters would."""
    init_fields = [f for f in fields if f.init and f._field_type != "_FIELD_CLASSVAR"]
    positional = [f for f in init_fields if not f.kw_only]
    keyword_only = [f for f in init_fields if f.kw_only]
    seen_default = None
    for f in positional:
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if has_default:
            seen_default = f
        elif seen_default is not None:
            raise TypeError("non-default argument %r follows default argument" % f.name)
    qualname = cls.__qualname__ + ".__init__"
    frozen = getattr(cls, _PARAMS).frozen

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            given = len(args) + 1
            allowed = len(positional) + 1
            required = 1 + sum(1 for f in positional
                               if f.default is MISSING and f.default_factory is MISSING)
            if required < allowed:
                takes = "from %d to %d positional arguments" % (required, allowed)
            else:
                takes = "%d positional argument%s" % (allowed, "" if allowed == 1 else "s")
            raise TypeError("%s() takes %s but %d %s given" % (
                qualname, takes, given, "was" if given == 1 else "were"))
        values = {}
        for f, value in zip(positional, args):
            values[f.name] = value
        for name, value in kwargs.items():
            if name in values:
                raise TypeError("%s() got multiple values for argument '%s'" % (qualname, name))
            if not any(f.name == name for f in init_fields):
                raise TypeError("%s() got an unexpected keyword argument '%s'" % (qualname, name))
            values[name] = value
        missing = [f.name for f in positional if f.name not in values
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError("%s() missing %d required positional argument%s: %s" % (
                qualname, len(missing), "" if len(missing) == 1 else "s", _listed(missing)))
        missing = [f.name for f in keyword_only if f.name not in values
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError("%s() missing %d required keyword-only argument%s: %s" % (
                qualname, len(missing), "" if len(missing) == 1 else "s", _listed(missing)))
        init_vars = []
        for f in fields:
            if f._field_type == "_FIELD_CLASSVAR":
                continue
            if f.name in values:
                value = values[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.default is not MISSING:
                value = f.default
            else:
                continue
            if f._field_type == "_FIELD_INITVAR":
                init_vars.append(value)
                continue
            if frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        if has_post_init:
            self.__post_init__(*init_vars)

    __init__.__qualname__ = qualname
    return __init__


def _listed(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _recursive_repr(method):
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return "..."
        running.add(key)
        try:
            return method(self)
        finally:
            running.discard(key)
    return wrapper


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ("_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,unsafe_hash=%r,frozen=%r)"
                % (self.init, self.repr, self.eq, self.order, self.unsafe_hash, self.frozen))


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only,
                   slots):
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))
    all_fields = {}
    for base in reversed(cls.__mro__[1:]):
        base_fields = base.__dict__.get(_FIELDS)
        if base_fields is not None:
            for f in base_fields.values():
                all_fields[f.name] = f
    own = _own_fields(cls, kw_only)
    for f in own:
        all_fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in all_fields:
            raise TypeError("%r is a field but has no type annotation" % name)
    setattr(cls, _FIELDS, all_fields)
    fields_list = list(all_fields.values())
    data_fields = [f for f in fields_list if f._field_type == "_FIELD"]
    if init:
        cls.__init__ = _init_function(cls, fields_list, hasattr(cls, "__post_init__"))
    if repr and "__repr__" not in cls.__dict__:
        shown = [f.name for f in data_fields if f.repr]

        def __repr__(self):
            return self.__class__.__qualname__ + "(" + ", ".join(
                "%s=%r" % (name, getattr(self, name)) for name in shown) + ")"
        cls.__repr__ = _recursive_repr(__repr__)
    compared = [f.name for f in data_fields if f.compare]

    def as_tuple(self):
        return tuple(getattr(self, name) for name in compared)
    if eq and "__eq__" not in cls.__dict__:
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return as_tuple(self) == as_tuple(other)
            return NotImplemented
        cls.__eq__ = __eq__
    if order:
        for name, op in (("__lt__", lambda a, b: a < b), ("__le__", lambda a, b: a <= b),
                         ("__gt__", lambda a, b: a > b), ("__ge__", lambda a, b: a >= b)):
            if name in cls.__dict__:
                raise TypeError("Cannot overwrite attribute %s in class %s. Consider using "
                                "functools.total_ordering" % (name, cls.__name__))

            def compare(self, other, op=op):
                if other.__class__ is self.__class__:
                    return op(as_tuple(self), as_tuple(other))
                return NotImplemented
            compare.__name__ = name
            setattr(cls, name, compare)
    if frozen:
        field_names = set(all_fields)

        def __setattr__(self, name, value):
            if type(self) is cls or name in field_names:
                raise FrozenInstanceError("cannot assign to field %r" % name)
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in field_names:
                raise FrozenInstanceError("cannot delete field %r" % name)
            super(cls, self).__delattr__(name)
        cls.__setattr__ = __setattr__
        cls.__delattr__ = __delattr__
    hashed = [f.name for f in data_fields if (f.compare if f.hash is None else f.hash)]

    def __hash__(self):
        return hash(tuple(getattr(self, name) for name in hashed))
    has_own_hash = "__hash__" in cls.__dict__ and cls.__dict__["__hash__"] is not None
    if unsafe_hash:
        if has_own_hash:
            raise TypeError("Cannot overwrite attribute __hash__ in class %s" % cls.__name__)
        cls.__hash__ = __hash__
    elif eq and frozen:
        if not has_own_hash:
            cls.__hash__ = __hash__
    elif eq and not has_own_hash:
        cls.__hash__ = None
    if match_args and "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in fields_list
                                   if f.init and not f.kw_only and f._field_type == "_FIELD")
    if not getattr(cls, "__doc__"):
        cls.__doc__ = cls.__name__ + "(" + ", ".join(f.name for f in data_fields) + ")"
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """Adds the generated methods to a class (``@dataclass`` or ``@dataclass(...)``)."""
    def wrap(cls):
        if order and not eq:
            raise ValueError("eq must be true if order is true")
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
                              kw_only, slots)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """The fields of a dataclass or of an instance of one, in definition order."""
    try:
        all_fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(f for f in all_fields.values() if f._field_type == "_FIELD")


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """The instance as a dict, recursing into dataclasses, lists, tuples and dicts."""
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory))
                             for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    return _copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """The instance as a tuple, recursing as ``asdict`` does."""
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    return _copy.deepcopy(obj)


def replace(obj, /, **changes):
    """A new instance with some fields changed."""
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in getattr(obj, _FIELDS).values():
        if f._field_type == "_FIELD_CLASSVAR":
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError("field %s is declared with init=False, it cannot be "
                                 "specified with replace()" % f.name)
            continue
        if f.name not in changes:
            if f._field_type == "_FIELD_INITVAR" and f.default is MISSING:
                raise ValueError("InitVar %r must be specified with replace()" % f.name)
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True,
                   eq=True, order=False, unsafe_hash=False, frozen=False, match_args=True,
                   kw_only=False, slots=False, weakref_slot=False, module=None):
    """A new dataclass called ``cls_name`` with ``fields`` (names, ``(name, type)`` or
    ``(name, type, Field)``)."""
    namespace = dict(namespace or {})
    annotations = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, "typing.Any"
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            namespace[name] = spec
        annotations[name] = tp
    namespace["__annotations__"] = annotations
    cls = type(cls_name, bases, namespace)
    if module is not None:
        cls.__module__ = module
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots)
