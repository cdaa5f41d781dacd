"""Type hints as CPython 3.11's `typing` builds them: special forms (`Any`, `Union`,
`Optional`, `Literal`, `ClassVar`, ...), generic aliases (`List[int]`,
`Mapping[str, tf.Tensor]`, `Tuple["Node", ...]`) with their reprs, `ForwardRef`,
`TypeVar`, `Generic`, `Protocol`, `NamedTuple`, `TypedDict`, and the functions libraries
read annotations with (`get_origin`, `get_args`, `get_type_hints`). Nothing is checked at
run time, as in CPython."""

import collections
import collections.abc
import contextlib
import re as _re
import sys
import types

__all__ = [
    "Annotated", "Any", "AnyStr", "Awaitable", "BinaryIO", "Callable", "ClassVar",
    "Collection", "Concatenate", "Container", "ContextManager", "Coroutine", "Counter",
    "DefaultDict", "Deque", "Dict", "Final", "ForwardRef", "FrozenSet", "Generator",
    "Generic", "Hashable", "IO", "ItemsView", "Iterable", "Iterator", "KeysView", "List",
    "Literal", "Mapping", "MappingView", "Match", "MutableMapping", "MutableSequence",
    "MutableSet", "NamedTuple", "NewType", "NoReturn", "Never", "Optional", "OrderedDict",
    "ParamSpec", "Pattern", "Protocol", "Reversible", "Self", "Sequence", "Set", "Sized",
    "SupportsAbs", "SupportsFloat", "SupportsIndex", "SupportsInt", "SupportsRound", "Text",
    "TextIO", "Tuple", "Type", "TypeAlias", "TypeGuard", "TypeVar", "TypedDict", "Union",
    "ValuesView", "TYPE_CHECKING", "assert_never", "cast", "final", "get_args",
    "get_origin", "get_type_hints", "no_type_check", "overload", "reveal_type",
    "runtime_checkable",
]

TYPE_CHECKING = False


def _type_repr(obj):
    """How typing shows one type inside another's repr."""
    if isinstance(obj, type) and not isinstance(obj, types.GenericAlias):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return f"{obj.__module__}.{obj.__qualname__}"
    if obj is ...:
        return "..."
    if isinstance(obj, types.FunctionType):
        return obj.__name__
    return repr(obj)


def _type_check(arg, message=None):
    """An argument of a subscript as typing keeps it: a string becomes a `ForwardRef`,
    `None` its type."""
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


class ForwardRef:
    """A type named by a string, resolved later (`Tuple["Node", ...]`)."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError(f"Forward reference must be a string -- got {arg!r}")
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns, recursive_guard=frozenset()):
        if not self.__forward_evaluated__ or localns is not globalns:
            if globalns is None and localns is None:
                globalns = localns = {}
            elif globalns is None:
                globalns = localns
            elif localns is None:
                localns = globalns
            self.__forward_value__ = _type_check(eval(self.__forward_arg__, globalns, localns))
            self.__forward_evaluated__ = True
        return self.__forward_value__

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return (self.__forward_arg__ == other.__forward_arg__
                and self.__forward_module__ == other.__forward_module__)

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __repr__(self):
        module = "" if self.__forward_module__ is None else \
            f", module={self.__forward_module__!r}"
        return f"ForwardRef({self.__forward_arg__!r}{module})"


class _Final:
    """Typing's own objects: not subclassable."""

    def __init_subclass__(cls, *args, _root=False, **kwargs):
        if not _root:
            raise TypeError("Cannot subclass special typing classes")


class _SpecialForm(_Final, _root=True):
    """`Any`, `Union`, `Optional`, `ClassVar`, ...: a name with a rule for subscripting."""

    def __init__(self, name, getitem=None, doc=""):
        self._name = name
        self._getitem = getitem
        self.__doc__ = doc

    def __repr__(self):
        return "typing." + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Cannot instantiate {self!r}")

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f"{self} cannot be used with isinstance()")

    def __subclasscheck__(self, cls):
        raise TypeError(f"{self} cannot be used with issubclass()")

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError(f"{self} is not subscriptable")
        return self._getitem(self, parameters)


class _BaseGenericAlias(_Final, _root=True):
    """What the generic aliases share: calling makes an instance of the origin, and
    attributes not their own come from it."""

    def __init__(self, origin, *, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError(f"Type {self._name} cannot be instantiated; "
                            f"use {self.__origin__.__name__}() instead")
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__") or attr.startswith("_"):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class _GenericAlias(_BaseGenericAlias, _root=True):
    """A subscripted generic: `List[int]`, `Mapping[str, float]`, `Union[int, str]`."""

    def __init__(self, origin, args, *, inst=True, name=None):
        super().__init__(origin, inst=inst, name=name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = args
        self.__parameters__ = tuple(a for a in args if isinstance(a, TypeVar))

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            args = (args,)
        if len(args) != len(self.__parameters__):
            raise TypeError(f"Too {'many' if len(args) > len(self.__parameters__) else 'few'}"
                            f" arguments for {self}")
        substitution = dict(zip(self.__parameters__, (_type_check(a) for a in args)))
        new = tuple(substitution.get(a, a) if isinstance(a, TypeVar) else a
                    for a in self.__args__)
        return self.copy_with(new)

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name, inst=self._inst)

    def __repr__(self):
        if self._name:
            name = "typing." + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ", ".join(_type_repr(a) for a in self.__args__)
        else:
            args = "()"
        return f"{name}[{args}]"

    def __mro_entries__(self, bases):
        if self._name:
            return super().__mro_entries__(bases)
        if self.__origin__ is Generic:
            return (Generic,)
        return (self.__origin__,)


class _SpecialGenericAlias(_BaseGenericAlias, _root=True):
    """An unsubscripted generic (`typing.List`, `typing.Mapping`): subscripting it with
    `nparams` types gives a `_GenericAlias`; `isinstance` checks its origin."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        if name is None:
            name = origin.__name__
        super().__init__(origin, inst=inst, name=name)
        self._nparams = nparams

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple(_type_check(p) for p in params)
        if self._nparams >= 0 and len(params) != self._nparams:
            raise TypeError(f"Too {'many' if len(params) > self._nparams else 'few'} "
                            f"arguments for {self}; actual {len(params)}, "
                            f"expected {self._nparams}")
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __repr__(self):
        return "typing." + self._name

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        return super().__subclasscheck__(cls)


class _TupleType(_SpecialGenericAlias, _root=True):
    """`typing.Tuple`: any number of types, `Tuple[int, ...]` and `Tuple[()]` included."""

    def __getitem__(self, params):
        if params == ():
            return _GenericAlias(tuple, (), name="Tuple")
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is ...:
            return _GenericAlias(tuple, tuple(_type_check(p) for p in params[:-1]) + (...,),
                                 name="Tuple")
        return _GenericAlias(tuple, tuple(_type_check(p) for p in params), name="Tuple")


class _CallableGenericAlias(_GenericAlias, _root=True):
    """`Callable[[int, str], bool]`: its arguments flattened, shown as written."""

    def __repr__(self):
        if len(self.__args__) == 2 and self.__args__[0] is ...:
            return f"typing.Callable[..., {_type_repr(self.__args__[1])}]"
        args = ", ".join(_type_repr(a) for a in self.__args__[:-1])
        return f"typing.Callable[[{args}], {_type_repr(self.__args__[-1])}]"


class _CallableType(_SpecialGenericAlias, _root=True):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError("Callable must be used as Callable[[arg, ...], result].")
        args, result = params
        if args is ...:
            flat = (..., _type_check(result))
        else:
            if not isinstance(args, (list, tuple)):
                raise TypeError(f"Callable[args, result]: args must be a list. Got {args}")
            flat = tuple(_type_check(a) for a in args) + (_type_check(result),)
        return _CallableGenericAlias(collections.abc.Callable, flat, name="Callable")


class _UnionGenericAlias(_GenericAlias, _root=True):
    def copy_with(self, params):
        return Union[params]

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is type(None):
                return f"typing.Optional[{_type_repr(args[1])}]"
            if args[1] is type(None):
                return f"typing.Optional[{_type_repr(args[0])}]"
        return super().__repr__()

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if isinstance(arg, type) and issubclass(cls, arg):
                return True
        return False


class _LiteralGenericAlias(_GenericAlias, _root=True):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        p = _type_check(p)
        if isinstance(p, _UnionGenericAlias):
            members = p.__args__
        else:
            members = (p,)
        for m in members:
            if m not in flat:
                flat.append(m)
    if len(flat) == 1:
        return flat[0]
    return _UnionGenericAlias(self, tuple(flat), name="Union")


def _optional_getitem(self, parameters):
    return Union[_type_check(parameters), None]


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _LiteralGenericAlias(self, parameters, name="Literal")


def _one_type_getitem(self, parameters):
    if isinstance(parameters, tuple):
        if len(parameters) != 1:
            raise TypeError(f"{self} accepts only single type.")
        parameters = parameters[0]
    return _GenericAlias(self, (_type_check(parameters),), name=self._name)


def _no_getitem(self, parameters):
    raise TypeError(f"{self} is not subscriptable")


Any = _SpecialForm("Any")
NoReturn = _SpecialForm("NoReturn")
Never = _SpecialForm("Never")
Self = _SpecialForm("Self")
TypeAlias = _SpecialForm("TypeAlias")
Union = _SpecialForm("Union", _union_getitem)
Optional = _SpecialForm("Optional", _optional_getitem)
Literal = _SpecialForm("Literal", _literal_getitem)
ClassVar = _SpecialForm("ClassVar", _one_type_getitem)
Final = _SpecialForm("Final", _one_type_getitem)
TypeGuard = _SpecialForm("TypeGuard", _one_type_getitem)
Required = _SpecialForm("Required", _one_type_getitem)
NotRequired = _SpecialForm("NotRequired", _one_type_getitem)
Concatenate = _SpecialForm("Concatenate", lambda self, p: _GenericAlias(self, p))


class _AnnotatedAlias(_GenericAlias, _root=True):
    """`Annotated[int, "metadata"]`: the type, with metadata kept beside it."""

    def __init__(self, origin, metadata):
        super().__init__(origin, (origin,))
        self.__metadata__ = metadata

    def __repr__(self):
        extra = ", ".join(repr(m) for m in self.__metadata__)
        return f"typing.Annotated[{_type_repr(self.__origin__)}, {extra}]"

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class Annotated:
    """`Annotated[T, x, ...]`."""

    def __new__(cls, *args, **kwargs):
        raise TypeError("Type Annotated cannot be instantiated.")

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError("Annotated[...] should be used with at least two arguments "
                            "(a type and an annotation).")
        return _AnnotatedAlias(_type_check(params[0]), tuple(params[1:]))


class TypeVar(_Final, _root=True):
    """A type variable (`T = TypeVar("T")`), shown as `~T`."""

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        self.__constraints__ = tuple(_type_check(c) for c in constraints)
        self.__bound__ = None if bound is None else _type_check(bound)
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    def __repr__(self):
        prefix = "+" if self.__covariant__ else "-" if self.__contravariant__ else "~"
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class ParamSpec(_Final, _root=True):
    """A parameter specification variable, shown as `~P`."""

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name

    def __repr__(self):
        return "~" + self.__name__


AnyStr = TypeVar("AnyStr", bytes, str)


class Generic:
    """The base of user-defined generic classes: `class Box(Generic[T])`."""

    __slots__ = ()

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        params = tuple(_type_check(p) for p in params)
        if cls is Generic and not all(isinstance(p, (TypeVar, ParamSpec)) for p in params):
            raise TypeError("Parameters to Generic[...] must all be type variables or "
                            "parameter specification variables.")
        return _GenericAlias(cls, params)


class Protocol(Generic):
    """The base of structural types; at run time, a plain base class."""

    __slots__ = ()


def runtime_checkable(cls):
    return cls


def _alias(origin, nparams, inst=True, name=None):
    return _SpecialGenericAlias(origin, nparams, inst=inst, name=name)


Hashable = _alias(collections.abc.Hashable, 0)
Awaitable = _alias(collections.abc.Awaitable, 1)
Coroutine = _alias(collections.abc.Coroutine, 3)
AsyncIterable = _alias(collections.abc.AsyncIterable, 1)
AsyncIterator = _alias(collections.abc.AsyncIterator, 1)
Iterable = _alias(collections.abc.Iterable, 1)
Iterator = _alias(collections.abc.Iterator, 1)
Reversible = _alias(collections.abc.Reversible, 1)
Sized = _alias(collections.abc.Sized, 0)
Container = _alias(collections.abc.Container, 1)
Collection = _alias(collections.abc.Collection, 1)
Callable = _CallableType(collections.abc.Callable, 2)
AbstractSet = _alias(collections.abc.Set, 1, name="AbstractSet")
MutableSet = _alias(collections.abc.MutableSet, 1)
Mapping = _alias(collections.abc.Mapping, 2)
MutableMapping = _alias(collections.abc.MutableMapping, 2)
Sequence = _alias(collections.abc.Sequence, 1)
MutableSequence = _alias(collections.abc.MutableSequence, 1)
Tuple = _TupleType(tuple, -1, inst=False, name="Tuple")
List = _alias(list, 1, inst=False, name="List")
Deque = _alias(collections.deque, 1, name="Deque")
Set = _alias(set, 1, inst=False, name="Set")
FrozenSet = _alias(frozenset, 1, inst=False, name="FrozenSet")
MappingView = _alias(collections.abc.MappingView, 1)
KeysView = _alias(collections.abc.KeysView, 1)
ItemsView = _alias(collections.abc.ItemsView, 2)
ValuesView = _alias(collections.abc.ValuesView, 1)
ContextManager = _alias(contextlib.AbstractContextManager, 1, name="ContextManager")
Dict = _alias(dict, 2, inst=False, name="Dict")
DefaultDict = _alias(collections.defaultdict, 2, name="DefaultDict")
OrderedDict = _alias(collections.OrderedDict, 2)
Counter = _alias(collections.Counter, 1)
ChainMap = _alias(collections.ChainMap, 2)
Generator = _alias(collections.abc.Generator, 3)
Type = _alias(type, 1, inst=False, name="Type")
Pattern = _alias(type(_re.compile("")), 1, name="Pattern")
Match = _alias(type(_re.match("", "")), 1, name="Match")
Text = str


class SupportsInt(Protocol):
    __slots__ = ()


class SupportsFloat(Protocol):
    __slots__ = ()


class SupportsIndex(Protocol):
    __slots__ = ()


class SupportsAbs(Protocol):
    __slots__ = ()


class SupportsRound(Protocol):
    __slots__ = ()


class IO(Generic):
    """The type of file objects; only a name to annotate with here."""

    __slots__ = ()


class TextIO(IO):
    __slots__ = ()


class BinaryIO(IO):
    __slots__ = ()


def get_origin(tp):
    """The unsubscripted version of a type: `get_origin(List[int])` is `list`."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_BaseGenericAlias, types.GenericAlias)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    """The arguments of a subscripted type: `get_args(Dict[str, int])` is `(str, int)`."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _CallableGenericAlias):
        args = tp.__args__
        if args[0] is ...:
            return args
        return (list(args[:-1]), args[-1])
    if isinstance(tp, (_GenericAlias, types.GenericAlias)):
        return tp.__args__
    return ()


def _eval_type(t, globalns, localns):
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns)
    if isinstance(t, _GenericAlias) and not isinstance(t, _AnnotatedAlias):
        args = tuple(_eval_type(a, globalns, localns) for a in t.__args__)
        if args == t.__args__:
            return t
        return t.copy_with(args)
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """Annotations with their strings and forward references evaluated, a class's
    from its whole MRO (base classes first)."""
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            module = sys.modules.get(base.__module__)
            base_globals = getattr(module, "__dict__", {}) if globalns is None else globalns
            for name, value in base.__dict__.get("__annotations__", {}).items():
                if value is None:
                    value = type(None)
                if isinstance(value, str):
                    value = ForwardRef(value, is_argument=False, is_class=True)
                hints[name] = _eval_type(value, base_globals,
                                         dict(vars(base)) if localns is None else localns)
        return hints
    annotations = getattr(obj, "__annotations__", None) or {}
    if globalns is None:
        globalns = getattr(obj, "__globals__", {})
    for name, value in annotations.items():
        if value is None:
            value = type(None)
        if isinstance(value, str):
            value = ForwardRef(value)
        hints[name] = _eval_type(value, globalns, localns)
    return hints


def cast(typ, val):
    """Returns `val` unchanged: a cast only informs type checkers."""
    return val


def overload(func):
    def _overload_dummy(*args, **kwargs):
        raise NotImplementedError(
            "You should not call an overloaded function. A series of @typing.overload-"
            "decorated functions outside a stub module should always be followed by an "
            "implementation that is not @typing.overload-ed.")
    return _overload_dummy


def final(f):
    return f


def no_type_check(arg):
    return arg


def assert_never(arg):
    raise AssertionError(f"Expected code to be unreachable, but got: {arg!r}")


def reveal_type(obj):
    print(f"Runtime type is {type(obj).__name__!r}", file=sys.stderr)
    return obj


class NewType:
    """`UserId = NewType("UserId", int)`: calling it returns its argument."""

    def __init__(self, name, tp):
        self.__qualname__ = self.__name__ = name
        self.__supertype__ = tp

    def __call__(self, x):
        return x

    def __repr__(self):
        return f"{self.__module__}.{self.__qualname__}"


class _NamedTupleMeta(type):
    def __new__(mcls, typename, bases, ns):
        if ns.get("_root"):
            return super().__new__(mcls, typename, bases, ns)
        annotations = ns.get("__annotations__", {})
        fields = list(annotations)
        defaults = [ns[name] for name in fields if name in ns]
        for name in fields[len(fields) - len(defaults):]:
            if name not in ns:
                raise TypeError(f"Non-default namedtuple field {name} cannot follow "
                                "default field" + ("s" if len(defaults) > 1 else "") +
                                " " + ", ".join(n for n in fields if n in ns))
        nm_tpl = collections.namedtuple(typename, fields, defaults=defaults,
                                        module=ns.get("__module__"))
        nm_tpl.__annotations__ = dict(annotations)
        for key, value in ns.items():
            if key in ("__annotations__", "__module__", "__qualname__", "__doc__",
                       "_root") or key in fields:
                continue
            setattr(nm_tpl, key, value)
        if ns.get("__doc__"):
            nm_tpl.__doc__ = ns["__doc__"]
        return nm_tpl


def NamedTuple(typename, fields=None, /, **kwargs):
    """`Point = NamedTuple("Point", [("x", int), ("y", int)])`, or a base class:
    `class Point(NamedTuple): x: int`."""
    if fields is None:
        fields = kwargs.items()
    fields = list(fields)
    nm_tpl = collections.namedtuple(typename, [name for name, _ in fields])
    nm_tpl.__annotations__ = {name: _type_check(tp) for name, tp in fields}
    return nm_tpl


def _namedtuple_mro_entries(bases):
    return (_NamedTupleBase,)


class _NamedTupleBase(metaclass=_NamedTupleMeta):
    _root = True


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


class _TypedDictMeta(type):
    def __new__(mcls, name, bases, ns, total=True):
        if ns.get("_root"):
            return super().__new__(mcls, name, (dict,), ns)
        annotations = {}
        for base in bases:
            annotations.update(getattr(base, "__annotations__", {}))
        annotations.update(ns.get("__annotations__", {}))
        cls = super().__new__(mcls, name, (dict,), dict(ns))
        cls.__annotations__ = annotations
        cls.__total__ = total
        cls.__required_keys__ = frozenset(annotations) if total else frozenset()
        cls.__optional_keys__ = frozenset() if total else frozenset(annotations)
        return cls


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """`Movie = TypedDict("Movie", {"name": str})` or `class Movie(TypedDict)`: at run
    time, a dict."""
    if fields is None:
        fields = kwargs
    return _TypedDictMeta(typename, (), {"__annotations__": dict(fields)}, total=total)


class _TypedDictBase(metaclass=_TypedDictMeta):
    _root = True


def _typeddict_mro_entries(bases):
    return (_TypedDictBase,)


TypedDict.__mro_entries__ = _typeddict_mro_entries
