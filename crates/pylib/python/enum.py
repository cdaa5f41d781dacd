"""Enumerations as CPython 3.11 has them: ``Enum``, ``IntEnum``, ``StrEnum``, ``Flag``,
``IntFlag``, ``auto``, ``unique``, ``member`` and ``nonmember``.

``EnumType``, the metaclass, turns the class body's plain attributes into members (singleton
instances of the class with ``name`` and ``value``), keeps aliases for repeated values, and
makes the class iterable, sized and indexable by name; calling it looks a member up by value.
"""

__all__ = [
    "EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum",
    "auto", "unique", "property", "member", "nonmember", "FlagBoundary",
    "STRICT", "CONFORM", "EJECT", "KEEP",
]

import types as _types

_property = property


class property:
    """A property for enum members: read on a member, and refusing assignment with enum's
    message (``<enum 'Enum'> cannot set attribute 'value'``)."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc if doc is not None else getattr(fget, "__doc__", None)
        self.name = getattr(fget, "__name__", None)
        self.clsname = None

    def __set_name__(self, ownerclass, name):
        self.name = name
        self.clsname = ownerclass.__name__

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            return self
        if self.fget is None:
            raise AttributeError("<enum %r> cannot get attribute %r" % (self.clsname, self.name))
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("<enum %r> cannot set attribute %r" % (self.clsname, self.name))
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("<enum %r> cannot delete attribute %r"
                                 % (self.clsname, self.name))
        self.fdel(instance)

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)

_FUNCTION_TYPES = (type(lambda: None), _property, classmethod, staticmethod)


class _AutoNull:
    def __repr__(self):
        return "_auto_null"


_auto_null = _AutoNull()


class auto:
    """Stands for a member's value, computed by ``_generate_next_value_``."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % (self.value,)


class member:
    """Forces ``value`` to become a member (a function, say)."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Keeps ``value`` a plain class attribute."""

    def __init__(self, value):
        self.value = value


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    prefix = "_%s__" % cls_name.lstrip("_")
    return name.startswith(prefix) and not name.endswith("__")


def _is_descriptor(obj):
    if isinstance(obj, _FUNCTION_TYPES):
        return True
    kind = type(obj)
    return any(hasattr(kind, attr) for attr in ("__get__", "__set__", "__delete__"))


def _becomes_member(cls_name, key, value):
    """Whether an assignment in an enum's body makes a member: not dunder, sunder or private
    names, nor functions and other descriptors, unless wrapped in ``member()``."""
    if isinstance(value, member):
        return True
    if isinstance(value, nonmember):
        return False
    return not (_is_dunder(key) or _is_sunder(key) or _is_private(cls_name, key)
                or _is_descriptor(value))


def _bits(num, max_bits):
    """A number in binary as the ``Flag`` errors show it: ``0b0 0111`` (sign bit, digits)."""
    if num >= 0:
        sign, digits = "0b0", format(num, "b")
    else:
        width = max(max_bits, (~num).bit_length() + 1)
        sign, digits = "0b1", format(num & ((1 << width) - 1), "b")
    if len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return "%s %s" % (sign, digits)


class _EnumDict(dict):
    """The namespace an enum's class body runs in: gives ``auto()`` its value as soon as
    it is assigned (so ``WHITE = RED | GREEN`` sees numbers) and refuses a reused name."""

    def __init__(self, cls_name, generate):
        super().__init__()
        self._cls_name = cls_name
        self._generate = generate
        self._member_names = []
        self._last_values = []
        self._ignore = []

    def __setitem__(self, key, value):
        if key == "_ignore_":
            names = value.replace(",", " ").split() if isinstance(value, str) else list(value)
            self._ignore = names
        elif key == "_generate_next_value_":
            self._generate = value.__func__ if isinstance(value, staticmethod) else value
        elif key in self._member_names:
            raise TypeError("%r already defined as %r" % (key, self[key]))
        elif key in self._ignore or not _becomes_member(self._cls_name, key, value):
            pass
        else:
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = self._generate(key, 1, len(self._member_names),
                                                 self._last_values[:])
                value = value.value
            self._member_names.append(key)
            self._last_values.append(value.value if isinstance(value, member) else value)
        super().__setitem__(key, value)


class EnumType(type):
    """The metaclass of enumerations (see the module's documentation)."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        _, first_enum = metacls._get_mixins_(cls, bases)
        generate = getattr(first_enum, "_generate_next_value_", None)
        return _EnumDict(cls, generate)

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        if first_enum is not None and first_enum._member_names_:
            raise TypeError("<enum %r> cannot extend %r" % (cls, first_enum))
        ignore = classdict.pop("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        for name in ignore:
            classdict.pop(name, None)
        classdict.pop("_order_", None)
        generate = classdict.get("_generate_next_value_")
        if isinstance(generate, staticmethod):
            generate = generate.__func__
        if generate is None and first_enum is not None:
            generate = first_enum._generate_next_value_
        members = {}
        last_values = []
        prepared = getattr(classdict, "_member_names", None)
        classdict = dict(classdict)
        for key, value in list(classdict.items()):
            if isinstance(value, nonmember):
                classdict[key] = value.value
                continue
            if prepared is not None:
                if key not in prepared:
                    continue
            elif not _becomes_member(cls, key, value):
                continue
            if isinstance(value, member):
                value = value.value
            elif isinstance(value, type):
                import warnings
                warnings.warn("In 3.13 classes created inside an enum will not become a "
                              "member.  Use the `member` decorator to keep the current "
                              "behavior.", DeprecationWarning, stacklevel=3)
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = generate(key, 1, len(members), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(
                    generate(key, 1, len(members), last_values[:])
                    if isinstance(v, auto) and v.value is _auto_null
                    else (v.value if isinstance(v, auto) else v)
                    for v in value)
            members[key] = value
            last_values.append(value)
            del classdict[key]

        new_member = classdict.pop("__new__", None)
        if isinstance(new_member, staticmethod):
            new_member = new_member.__func__
        use_args = True
        if new_member is None:
            new_member, use_args = metacls._find_new_(member_type, first_enum)
        else:
            classdict["__new_member__"] = staticmethod(new_member)

        enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)
        # The enum's own repr, str and format, not the data type's (``int.__repr__``) or
        # object's that come earlier in the MRO, unless the class body defines them.
        if first_enum is not None:
            for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
                if name in classdict:
                    continue
                owner = next(c for c in enum_class.__mro__ if name in c.__dict__)
                if not isinstance(owner, EnumType):
                    setattr(enum_class, name, getattr(first_enum, name))
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        enum_class._value2member_map_ = {}
        enum_class._unhashable_values_ = []
        enum_class._member_type_ = member_type
        enum_class._new_member_ = new_member
        enum_class._use_args_ = use_args
        if boundary is not None:
            enum_class._boundary_ = boundary
        elif first_enum is not None and hasattr(first_enum, "_boundary_"):
            enum_class._boundary_ = first_enum._boundary_
        is_flag = Flag is not None and issubclass(enum_class, Flag)
        for name, value in members.items():
            enum_class._add_member_(name, value, is_flag)
        if is_flag:
            mask = 0
            for name in enum_class._member_names_:
                mask |= enum_class._member_map_[name]._value_
            enum_class._flag_mask_ = mask
            enum_class._all_bits_ = 2 ** mask.bit_length() - 1
        return enum_class

    def _add_member_(cls, name, value, is_flag):
        """Makes the member ``name`` from the value the class body gave it."""
        member_type = cls._member_type_
        args = value if isinstance(value, tuple) else (value,)
        if member_type is tuple:
            args = (args,)
        if not cls._use_args_:
            enum_member = cls._new_member_(cls)
        else:
            enum_member = cls._new_member_(cls, *args)
        if not hasattr(enum_member, "_value_"):
            if member_type is object or not cls._use_args_:
                enum_member._value_ = value
            else:
                enum_member._value_ = member_type(*args)
        value = enum_member._value_
        enum_member._name_ = name
        enum_member.__objclass__ = cls
        enum_member.__init__(*args)
        enum_member._sort_order_ = len(cls._member_names_)
        canonical = None
        try:
            canonical = cls._value2member_map_.get(value)
        except TypeError:
            for other in cls._member_map_.values():
                if other._value_ == value:
                    canonical = other
                    break
        if canonical is not None:
            enum_member = canonical
        else:
            single_bit = not is_flag or (isinstance(value, int) and value > 0
                                         and value & (value - 1) == 0)
            if single_bit:
                cls._member_names_.append(name)
        cls._member_map_[name] = enum_member
        try:
            cls._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            cls._unhashable_values_.append(value)
        setattr(cls, name, enum_member)

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, None
        last = bases[-1]
        if not isinstance(last, EnumType):
            raise TypeError("new enumerations should be created as "
                            "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
        data_types = []
        for chain in bases:
            candidate = None
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        data_types.append(base._member_type_)
                        break
                elif "__new__" in base.__dict__ or "__dataclass_fields__" in base.__dict__:
                    data_types.append(candidate or base)
                    break
                else:
                    candidate = candidate or base
        kinds = []
        for kind in data_types:
            if kind not in kinds:
                kinds.append(kind)
        if len(kinds) > 1:
            raise TypeError("too many data types for %r: %r" % (class_name, set(kinds)))
        return (kinds[0] if kinds else object), last

    @classmethod
    def _find_new_(metacls, member_type, first_enum):
        for method in ("__new_member__", "__new__"):
            for possible in (member_type, first_enum):
                target = getattr(possible, method, None)
                if target not in (None, object.__new__):
                    return target, True
        return object.__new__, False

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is None:
            return cls._lookup_(value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def _lookup_(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for candidate in cls._member_map_.values():
                if candidate._value_ == value:
                    return candidate
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if Flag is not None and issubclass(cls, Flag) and cls._boundary_ is EJECT \
                and isinstance(result, int):
            return result
        if result is None:
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        raise TypeError("error in %s._missing_: returned %r instead of None or a valid member"
                        % (cls.__name__, result))

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        bases = (cls,) if type is None else (type, cls)
        _, first_enum = cls._get_mixins_(class_name, bases)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original, names, last_values = names, [], []
            for count, name in enumerate(original):
                value = first_enum._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        items = names.items() if hasattr(names, "items") else names
        for item in items:
            if isinstance(item, str):
                name, value = item, names[item]
            else:
                name, value = item
            classdict[name] = value
        classdict["__module__"] = "__main__" if module is None else module
        if qualname is not None:
            classdict["__qualname__"] = qualname
        metacls = cls.__class__
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __contains__(cls, value):
        if not isinstance(value, Enum):
            import warnings
            warnings.warn("in 3.12 __contains__ will no longer raise TypeError, but will "
                          "return True or\nFalse depending on whether the value is a member "
                          "or the value of a member", DeprecationWarning, stacklevel=2)
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'"
                            % (type(value).__qualname__, cls.__class__.__qualname__))
        return isinstance(value, cls) and value._name_ in cls._member_map_

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __getitem__(cls, name):
        return cls._member_map_[name]

    @_property
    def __members__(cls):
        return _types.MappingProxyType(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % (cls.__name__,)
        return "<enum %r>" % (cls.__name__,)


EnumMeta = EnumType
EnumType.__module__ = "enum"
Flag = None


class Enum(metaclass=EnumType):
    """An enumeration: each plain attribute of a subclass's body becomes a member."""

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        for value in reversed(last_values):
            try:
                return value + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The member's name."""
        return self._name_

    @property
    def value(self):
        """The member's value."""
        return self._value_


Enum._value_repr_ = None


class ReprEnum(Enum):
    """An enumeration whose ``str()`` and ``format()`` are its value's (``repr()`` stays)."""


class IntEnum(int, ReprEnum):
    """Members are also ints."""

    _value_repr_ = int.__repr__

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, format_spec):
        return int.__format__(int(self), format_spec)


class StrEnum(str, ReprEnum):
    """Members are also strs; ``auto()`` gives the lower-cased name."""

    _value_repr_ = str.__repr__

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def __str__(self):
        return str.__str__(self)

    def __format__(self, format_spec):
        return str.__format__(str.__str__(self), format_spec)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class FlagBoundary(StrEnum):
    """What ``Flag`` does with values outside its members' bits."""

    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary


class Flag(Enum, boundary=STRICT):
    """Members combine with ``|``, ``&``, ``^`` and ``~``; ``auto()`` gives powers of two."""

    _numeric_repr_ = repr

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last = max(last_values)
        try:
            high_bit = last.bit_length() - 1
        except Exception:
            raise TypeError("invalid flag value %r" % last) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _iter_member_(cls, value):
        for name in cls._member_names_:
            member = cls._member_map_[name]
            if member._value_ & value == member._value_:
                yield member

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        flag_mask = cls._flag_mask_
        all_bits = cls._all_bits_
        neg_value = None
        if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
            boundary = cls._boundary_
            if boundary is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError("%r invalid value %r\n    given %s\n  allowed %s" % (
                    cls, value, _bits(value, max_bits), _bits(flag_mask, max_bits)))
            if boundary is CONFORM:
                value = value & flag_mask
            elif boundary is EJECT:
                return value
            elif boundary is KEEP and value < 0:
                value = max(all_bits + 1, 2 ** value.bit_length()) + value
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        member_value = value & flag_mask
        if unknown and cls._boundary_ is not KEEP:
            raise ValueError("%s(%r) -->  unknown values %r [%s]"
                             % (cls.__name__, value, unknown, bin(unknown)))
        if cls._member_type_ is object:
            pseudo_member = object.__new__(cls)
        else:
            pseudo_member = cls._member_type_.__new__(cls, value)
        pseudo_member._value_ = value
        if member_value:
            pseudo_member._name_ = "|".join(m._name_ for m in cls._iter_member_(member_value))
            if unknown:
                pseudo_member._name_ += "|%s" % cls._numeric_repr_(unknown)
        else:
            pseudo_member._name_ = None
        if not unknown:
            pseudo_member = cls._value2member_map_.setdefault(value, pseudo_member)
            if neg_value is not None:
                cls._value2member_map_[neg_value] = pseudo_member
        return pseudo_member

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return "<%s: %s>" % (cls_name, v_repr(self._value_))
        return "<%s.%s: %s>" % (cls_name, self._name_, v_repr(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "%s(%r)" % (cls_name, self._value_)
        return "%s.%s" % (cls_name, self._name_)

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return self._iter_member_(self._value_)

    def __len__(self):
        return bin(self._value_).count("1")

    def __bool__(self):
        return bool(self._value_)

    def _other_value(self, other):
        if isinstance(other, self.__class__):
            return other._value_
        if self._member_type_ is not object and isinstance(other, self._member_type_):
            return other
        return NotImplemented

    def __or__(self, other):
        value = self._other_value(other)
        if value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | value)

    def __and__(self, other):
        value = self._other_value(other)
        if value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & value)

    def __xor__(self, other):
        value = self._other_value(other)
        if value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ value)

    def __invert__(self):
        if self._boundary_ in (EJECT, KEEP):
            return self.__class__(~self._value_)
        return self.__class__(self._flag_mask_ & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """A ``Flag`` whose members are also ints."""

    _value_repr_ = int.__repr__
    _numeric_repr_ = int.__repr__

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, format_spec):
        return int.__format__(int(self), format_spec)

    # Flag's operators, not int's that come first in the MRO.
    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__ror__
    __rand__ = Flag.__rand__
    __rxor__ = Flag.__rxor__
    __invert__ = Flag.__invert__


def unique(enumeration):
    """A class decorator that refuses aliases (two names with one value)."""
    duplicates = [(name, member.name) for name, member in enumeration.__members__.items()
                  if name != member.name]
    if duplicates:
        details = ", ".join("%s -> %s" % (alias, name) for alias, name in duplicates)
        raise ValueError("duplicate values found in %r: %s" % (enumeration, details))
    return enumeration
