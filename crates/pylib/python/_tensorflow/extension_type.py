"""`tf.experimental.ExtensionType`: user classes whose annotated fields hold tensors and
Python values, as TensorFlow builds them.

A subclass gets a constructor with one parameter per annotated field (defaults allowed;
a field without a default after one with a default is keyword-only), fields type-checked
and converted to their annotations (`tf.Tensor` through `tf.convert_to_tensor`,
`Mapping` to an `ImmutableDict`, `Tuple[X, ...]`, `Union`, `Optional`, `TensorShape`,
`DType`, nested extension types), `__validate__` after construction, immutability outside
a custom `__init__`, `__repr__` and `__eq__` as TensorFlow defines them, and a nested
`Spec` class (a `TypeSpec` holding the fields with tensors replaced by `TensorSpec`s).
A value decomposes into its component tensors and rebuilds from them
(`_tf_flatten_composite`), which is how `tf.function` takes and returns extension types
and how `tf.nest.flatten(..., expand_composites=True)` sees them.
"""

import collections.abc
import typing

import tensorflow as tf

# Set on an instance while its custom constructor runs: fields may be assigned then.
_IN_CONSTRUCTOR = "_tf_extension_type_in_constructor"

_RESERVED = frozenset([
    "self", "Spec", "_type_spec", "_shape_invariant_to_type_spec", "_consumers",
    "value_type", "is_compatible_with", "most_specific_compatible_type",
    "_with_tensor_ranks_only", "_to_components", "_from_components", "_component_specs",
    "_to_tensor_list", "_from_tensor_list", "_from_compatible_tensor_list",
    "_flat_tensor_specs", "_serialize", "_deserialize", "_to_legacy_output_types",
    "_to_legacy_output_shapes", "_to_legacy_output_classes", "_keras_mask",
])


def _is_reserved(name):
    return name in _RESERVED or name.lower().startswith("_tf_extension_type")


class _NoDefault:
    def __repr__(self):
        return "ExtensionTypeField.NO_DEFAULT"


NO_DEFAULT = _NoDefault()


class ImmutableDict(collections.abc.Mapping):
    """The read-only mapping a `Mapping[...]` field holds."""

    def __init__(self, *args, **kwargs):
        self._dict = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._dict[key]

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __contains__(self, key):
        return key in self._dict

    def __eq__(self, other):
        if isinstance(other, ImmutableDict):
            other = other._dict
        return self._dict == other

    def __hash__(self):
        return hash(tuple(sorted(self._dict.items(), key=lambda item: repr(item[0]))))

    def __repr__(self):
        return f"ImmutableDict({self._dict!r})"

    def __setitem__(self, key, value):
        raise TypeError("'ImmutableDict' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'ImmutableDict' object does not support item deletion")


class ExtensionTypeField(collections.namedtuple("ExtensionTypeField",
                                                ["name", "value_type", "default"])):
    """One annotated field of an extension type."""

    NO_DEFAULT = NO_DEFAULT


# ----------------------------------------------------------------------------------------
# Annotations: which are allowed, and converting a value to one.
# ----------------------------------------------------------------------------------------

_VALUE, _SPEC, _DEFAULT = "value", "spec", "default"


def _origin(annotation):
    return typing.get_origin(annotation)


def _is_tuple(annotation):
    return _origin(annotation) is tuple


def _is_mapping(annotation):
    return _origin(annotation) in (collections.abc.Mapping, dict)


def _is_union(annotation):
    return _origin(annotation) is typing.Union


def _is_forward(annotation):
    return isinstance(annotation, (str, typing.ForwardRef))


def _is_composite_class(annotation):
    return isinstance(annotation, type) and (
        issubclass(annotation, ExtensionType)
        or annotation.__name__ in ("RaggedTensor", "SparseTensor"))


def _check_annotation(annotation, in_key=False):
    if _is_forward(annotation):
        return
    if annotation in (int, float, str, bytes, bool, None, type(None), tf.DType):
        return
    if annotation in (tf.Tensor, tf.TensorShape) or _is_composite_class(annotation):
        if in_key:
            raise TypeError(f"Mapping had a key {annotation.__name__!r} with type "
                            f"{type(annotation).__name__!r}")
        return
    if _is_tuple(annotation) or _is_union(annotation):
        for arg in typing.get_args(annotation):
            if arg is not Ellipsis:
                _check_annotation(arg, in_key)
        return
    if _is_mapping(annotation):
        key, value = typing.get_args(annotation)
        _check_annotation(key, True)
        _check_annotation(value, in_key)
        return
    if isinstance(annotation, type):
        raise TypeError(f"Unsupported type annotation {annotation.__name__!r}")
    raise TypeError(f"Unsupported type annotation {annotation!r}")


def _where(path):
    return "".join(path)


def _convert(value, annotation, path, context):
    """`value` checked against and converted to `annotation` (a `TypeError` naming the
    field's path otherwise)."""
    if annotation is None:
        annotation = type(None)
    if annotation is tf.Tensor:
        return _convert_tensor(value, path, context)
    if _is_composite_class(annotation):
        if context == _SPEC:
            if not (isinstance(value, ExtensionTypeSpec)
                    and issubclass(value.value_type, annotation)):
                raise TypeError(f"{_where(path)}: expected a TypeSpec for "
                                f"{annotation.__name__!r}, got {type(value).__name__!r}")
            return value
        if not isinstance(value, annotation):
            raise TypeError(f"{_where(path)}: expected {annotation.__name__!r}, "
                            f"got {type(value).__name__!r}")
        return value
    if annotation is tf.TensorShape:
        try:
            return tf.TensorShape(value)
        except (TypeError, ValueError):
            raise TypeError(f"{_where(path)}: expected 'tf.TensorShape', "
                            f"got {type(value).__name__!r}") from None
    if annotation is tf.DType:
        try:
            return tf.as_dtype(value)
        except TypeError:
            raise TypeError(f"{_where(path)}: expected 'tf.DType', "
                            f"got {type(value).__name__!r}") from None
    if annotation in (int, float, bool, str, bytes, type(None)):
        if not isinstance(value, annotation):
            raise TypeError(f"{_where(path)}: expected {annotation.__name__!r}, "
                            f"got {type(value).__name__!r}")
        return value
    if _is_tuple(annotation):
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{_where(path)}: expected tuple, got {type(value).__name__!r}")
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(item, args[0], path + (f"[{i}]",), context)
                         for i, item in enumerate(value))
        if len(value) != len(args):
            raise TypeError(f"{_where(path)}: expected tuple with length {len(args)}, "
                            f"got {type(value).__name__!r})")
        return tuple(_convert(item, arg, path + (f"[{i}]",), context)
                     for i, (item, arg) in enumerate(zip(value, args)))
    if _is_mapping(annotation):
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"{_where(path)}: expected mapping, got {type(value).__name__!r}")
        key_type, value_type = typing.get_args(annotation)
        return ImmutableDict([
            (_convert(key, key_type, path + ("[<key>]",), context),
             _convert(item, value_type, path + (f"[{key!r}]",), context))
            for key, item in value.items()
        ])
    if _is_union(annotation):
        for option in typing.get_args(annotation):
            try:
                return _convert(value, option, path, context)
            except TypeError:
                pass
        raise TypeError(f"{_where(path)}: expected {annotation!r}, "
                        f"got {type(value).__name__!r}")
    raise TypeError(f"{_where(path)}: Unsupported type annotation {annotation!r}")


def _convert_tensor(value, path, context):
    if context == _SPEC:
        if not isinstance(value, tf.TensorSpec):
            raise TypeError(f"{_where(path)}: expected a TensorSpec, "
                            f"got {type(value).__name__!r}")
        return value
    if isinstance(value, tf.Tensor):
        return value
    if context == _DEFAULT:
        return value
    try:
        return tf.convert_to_tensor(value)
    except (TypeError, ValueError):
        raise TypeError(f"{_where(path)}: expected a Tensor, "
                        f"got {type(value).__name__!r}") from None


def _convert_fields(owner, fields, context):
    """Checks and converts the fields of `owner` (a value or a spec) in place."""
    values = vars(owner)
    names = [field.name for field in fields]
    if set(names) != set(values):
        extra = set(values) - set(names)
        if extra:
            raise ValueError(f"Got unexpected fields: {extra}")
        raise ValueError(f"Missing required fields: {set(names) - set(values)}")
    for field in fields:
        object.__setattr__(owner, field.name, _convert(values[field.name], field.value_type,
                                                       (field.name,), context))


# ----------------------------------------------------------------------------------------
# Fields of a class, resolved when first needed (forward references to the class itself
# resolve once it exists).
# ----------------------------------------------------------------------------------------

def _fields_of(cls):
    """The `ExtensionTypeField`s of `cls` (its bases' first), cached once every forward
    reference resolves."""
    cached = cls.__dict__.get("_tf_extension_type_cached_fields")
    if cached is not None:
        return cached
    try:
        hints = typing.get_type_hints(cls)
        resolved = True
    except (NameError, AttributeError):
        hints = {}
        for base in reversed(cls.__mro__):
            hints.update(base.__dict__.get("__annotations__", {}))
        resolved = False
    fields = []
    for name, annotation in hints.items():
        default = getattr(cls, name, NO_DEFAULT)
        try:
            _check_annotation(annotation)
        except TypeError as e:
            raise TypeError(f"In field {name!r}: {e}") from None
        if default is not NO_DEFAULT:
            default = _convert(default, annotation, (f"default value for {name}",),
                               _DEFAULT)
        fields.append(ExtensionTypeField(name, annotation, default))
    fields = tuple(fields)
    if resolved:
        setattr(cls, "_tf_extension_type_cached_fields", fields)
    return fields


def _check_class(cls):
    annotations = cls.__dict__.get("__annotations__", {})
    for name, value in cls.__dict__.items():
        if name == "Spec":
            if not isinstance(value, type):
                raise ValueError(f"{cls.__qualname__}.Spec must be a nested class; "
                                 f"got {value}.")
        elif _is_reserved(name) and name != "_tf_extension_type_cached_fields":
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. "
                             f"Field '{name}' is reserved.")
    for name in annotations:
        if _is_reserved(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. "
                             f"Field '{name}' is reserved.")
    for name, value in cls.__dict__.items():
        if not (name in annotations or callable(value) or name.startswith("_abc_")
                or (name.startswith("__") and name.endswith("__"))
                or isinstance(value, (property, classmethod, staticmethod))):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. "
                             f"Field {name} is missing a type annotation.")


def _new_object(cls, attributes):
    """An instance of `cls` with `attributes`, bypassing its constructor."""
    value = object.__new__(cls)
    for name, attribute in attributes.items():
        object.__setattr__(value, name, attribute)
    return value


def _bind(fields, args, kwargs, keyword_only_from):
    """The field values of a generated constructor's call, by name, bound as
    `inspect.Signature.bind` binds them (with its error texts)."""
    if len(args) > keyword_only_from:
        raise TypeError("too many positional arguments")
    kwargs = dict(kwargs)
    values = {}
    for field, arg in zip(fields, args):
        if field.name in kwargs:
            raise TypeError(f"multiple values for argument {field.name!r}")
        values[field.name] = arg
    for field in fields[len(args):]:
        if field.name in kwargs:
            values[field.name] = kwargs.pop(field.name)
        elif field.default is NO_DEFAULT:
            raise TypeError(f"missing a required argument: {field.name!r}")
        else:
            values[field.name] = field.default
    if kwargs:
        raise TypeError(f"got an unexpected keyword argument {next(iter(kwargs))!r}")
    return values


def _generated_init(self, *args, **kwargs):
    cls = type(self)
    fields = _fields_of(cls)
    keyword_only_from = len(fields)
    seen_default = False
    for i, field in enumerate(fields):
        if field.default is not NO_DEFAULT:
            seen_default = True
        elif seen_default:
            keyword_only_from = i
            break
    for name, value in _bind(fields, args, kwargs, keyword_only_from).items():
        object.__setattr__(self, name, value)
    self._tf_extension_type_convert_fields()
    self.__validate__()


def _wrap_user_init(user_init):
    def __init__(self, *args, **kwargs):
        object.__setattr__(self, _IN_CONSTRUCTOR, True)
        try:
            user_init(self, *args, **kwargs)
        finally:
            object.__delattr__(self, _IN_CONSTRUCTOR)
        self._tf_extension_type_convert_fields()
        self.__validate__()

    __init__.__name__ = "__init__"
    __init__.__qualname__ = getattr(user_init, "__qualname__", "__init__")
    __init__.__doc__ = user_init.__doc__
    __init__.__wrapped__ = user_init
    return __init__


def _spec_init(self, *args, **kwargs):
    fields = _fields_of(self.value_type)
    values = _bind([f._replace(default=NO_DEFAULT) for f in fields], args, kwargs,
                   len(fields))
    for name, value in values.items():
        object.__setattr__(self, name, value)
    self._tf_extension_type_convert_fields()
    self.__validate__()


def _add_spec(cls):
    attributes = {"value_type": cls, "__module__": cls.__module__}
    user_spec = cls.__dict__.get("Spec")
    if user_spec is not None:
        for name, value in user_spec.__dict__.items():
            if _is_reserved(name):
                raise ValueError(f"TypeSpec {cls.__qualname__}.Spec uses reserved "
                                 f"name '{name}'.")
            if name in ("__module__", "__dict__", "__weakref__", "__qualname__"):
                continue
            attributes[name] = value
    spec = type(cls.__name__ + ".Spec", (ExtensionTypeSpec,), attributes)
    spec.__qualname__ = cls.__qualname__ + ".Spec"
    if "__init__" in spec.__dict__:
        spec.__init__ = _wrap_user_init(spec.__dict__["__init__"])
    else:
        spec.__init__ = _spec_init
    setattr(cls, "Spec", spec)


def _plain(value):
    """`value` with its `ImmutableDict`s as plain dicts (how a spec serializes)."""
    if isinstance(value, ImmutableDict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_plain(item) for item in value)
    return value


def _to_spec(value):
    if isinstance(value, tf.Tensor):
        return tf.TensorSpec(value.shape, value.dtype)
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, ImmutableDict):
        return ImmutableDict((key, _to_spec(item)) for key, item in value.items())
    if isinstance(value, tuple):
        return tuple(_to_spec(item) for item in value)
    return value


def _leaves(value, out):
    """Appends the tensors in a field's value to `out`, in `tf.nest` order (mappings by
    sorted key), expanding nested extension types."""
    if isinstance(value, tf.Tensor):
        out.append(value)
    elif isinstance(value, ExtensionType):
        for name in value._tf_extension_type_field_names():
            _leaves(getattr(value, name), out)
    elif isinstance(value, collections.abc.Mapping):
        for key in sorted(value):
            _leaves(value[key], out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _leaves(item, out)
    elif hasattr(value, "_tf_flatten_composite"):
        out.extend(value._tf_flatten_composite()[1])


def _spec_leaves(spec_value, out):
    """Appends the `TensorSpec`s in a spec's field to `out`, in the order `_leaves` gives
    a value's tensors."""
    if isinstance(spec_value, tf.TensorSpec):
        out.append(spec_value)
    elif isinstance(spec_value, ExtensionTypeSpec):
        out.extend(spec_value._tf_flatten_composite()[1])
    elif isinstance(spec_value, collections.abc.Mapping):
        for key in sorted(spec_value):
            _spec_leaves(spec_value[key], out)
    elif isinstance(spec_value, tuple):
        for item in spec_value:
            _spec_leaves(item, out)


def _rebuild(spec_value, components):
    """A field's value rebuilt from its spec with the next tensors of `components`."""
    if isinstance(spec_value, tf.TensorSpec):
        return next(components)
    if isinstance(spec_value, ExtensionTypeSpec):
        return spec_value._from_component_iterator(components)
    if isinstance(spec_value, ImmutableDict):
        rebuilt = {key: _rebuild(spec_value[key], components) for key in sorted(spec_value)}
        return ImmutableDict((key, rebuilt[key]) for key in spec_value)
    if isinstance(spec_value, tuple):
        return tuple(_rebuild(item, components) for item in spec_value)
    return spec_value


# ----------------------------------------------------------------------------------------
# The classes.
# ----------------------------------------------------------------------------------------

class ExtensionType:
    """Base class of user-defined composite types (see the module docstring)."""

    _tf_extension_type_do_not_transform_this_class = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("_tf_extension_type_do_not_transform_this_class", False):
            return
        _check_class(cls)
        if "__init__" in cls.__dict__:
            setattr(cls, "__init__", _wrap_user_init(cls.__dict__["__init__"]))
        else:
            # TensorFlow builds the constructor's signature now, so an unsupported
            # annotation fails at the class statement.
            _fields_of(cls)
            setattr(cls, "__init__", _generated_init)
        _add_spec(cls)

    def __init__(self, *args, **kwargs):
        if type(self) is ExtensionType:
            raise AssertionError("Cannot create an instance of ExtensionType because "
                                 "ExtensionType is an abstract base class.")

    @classmethod
    def _tf_extension_type_fields(cls):
        return _fields_of(cls)

    @classmethod
    def _tf_extension_type_field_names(cls):
        return [field.name for field in _fields_of(cls)]

    @classmethod
    def _tf_extension_type_has_field(cls, name):
        return name in cls._tf_extension_type_field_names()

    def _tf_extension_type_convert_fields(self):
        _convert_fields(self, _fields_of(type(self)), _VALUE)

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}"
                           for name in self._tf_extension_type_field_names())
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name, value):
        if name == "_keras_mask" or (_IN_CONSTRUCTOR in vars(self)
                                     and self._tf_extension_type_has_field(name)):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionType.")

    def __delattr__(self, name):
        if name == "_keras_mask" or (_IN_CONSTRUCTOR in vars(self)
                                     and self._tf_extension_type_has_field(name)):
            object.__delattr__(self, name)
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionType.")

    def __eq__(self, other):
        if type(self) is not type(other):
            return False
        if self._type_spec != other._type_spec:
            return False
        mine = tf.nest.flatten(self, expand_composites=True)
        theirs = tf.nest.flatten(other, expand_composites=True)
        if len(mine) != len(theirs):
            return False
        conditions = []
        for a, b in zip(mine, theirs):
            conditions.append(tf.reduce_all(tf.equal(tf.shape(a), tf.shape(b))))
            conditions.append(tf.reduce_all(tf.equal(a, b)))
        return tf.reduce_all(tf.stack(conditions))

    def __ne__(self, other):
        equal = self.__eq__(other)
        if isinstance(equal, tf.Tensor):
            return tf.logical_not(equal)
        return not equal

    __hash__ = None

    def __validate__(self):
        """Checks a new value (a subclass's hook; nothing by default)."""

    @property
    def _type_spec(self):
        spec = vars(self).get("_tf_extension_type_cached_type_spec")
        if spec is None:
            spec = type(self).Spec.from_value(self)
            object.__setattr__(self, "_tf_extension_type_cached_type_spec", spec)
        return spec

    def _tf_flatten_composite(self):
        """`(trace key, component tensors, rebuild)`: what `tf.function` passes for this
        value, and how to make a value of the same spec from new components."""
        spec = self._type_spec
        components = []
        for name in self._tf_extension_type_field_names():
            _leaves(getattr(self, name), components)
        return repr(spec), components, spec._from_components


class BatchableExtensionType(ExtensionType):
    """An `ExtensionType` whose values can be batched and unbatched (by `tf.data` and
    `tf.map_fn` in TensorFlow)."""

    _tf_extension_type_do_not_transform_this_class = True


class ExtensionTypeSpec:
    """The `TypeSpec` of an extension type: its fields, with tensors as `TensorSpec`s."""

    value_type = None

    @classmethod
    def from_value(cls, value):
        fields = {name: _to_spec(getattr(value, name))
                  for name in value._tf_extension_type_field_names()}
        return _new_object(cls, fields)

    def _tf_extension_type_fields(self):
        return _fields_of(self.value_type)

    def _tf_extension_type_has_field(self, name):
        return self.value_type._tf_extension_type_has_field(name)

    def _tf_extension_type_convert_fields(self):
        _convert_fields(self, _fields_of(self.value_type), _SPEC)

    def _serialize(self):
        return tuple((field.name, _plain(getattr(self, field.name)))
                     for field in _fields_of(self.value_type))

    def __repr__(self):
        fields = ", ".join(f"{name}={value!r}" for name, value in self._serialize())
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other):
        return type(self) is type(other) and self._serialize() == other._serialize()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self).__qualname__, repr(self)))

    def __setattr__(self, name, value):
        if _IN_CONSTRUCTOR in vars(self) and self._tf_extension_type_has_field(name):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 f"constructor of ExtensionTypeSpec.")

    def __validate__(self):
        """Checks a new spec (nothing by default)."""

    def is_compatible_with(self, spec_or_value):
        """Whether a value or spec fits this spec: the same type, equal non-tensor fields,
        and tensor specs compatible field by field (`TensorSpec([None])` admits any
        length)."""
        if isinstance(spec_or_value, ExtensionType):
            spec_or_value = spec_or_value._type_spec
        if type(spec_or_value) is not type(self):
            return False
        return _compatible(self._serialize(), spec_or_value._serialize())

    def _tf_cast_failure(self, value):
        """Why `value` cannot be cast to this spec, as TensorFlow's binding error quotes it
        (a missing field as its `KeyError`, else the first component that does not fit), or
        None when it can."""
        for field in _fields_of(self.value_type):
            if not (isinstance(value, ExtensionType)
                    and value._tf_extension_type_has_field(field.name)):
                return repr(field.name)
        theirs = value._type_spec._tf_flatten_composite()[1]
        for wanted, actual in zip(self._tf_flatten_composite()[1], theirs):
            if not wanted.is_compatible_with(actual):
                return f"Can not cast {actual!r} to {wanted!r}"
        if not self.is_compatible_with(value):
            return f"Can not cast {value._type_spec!r} to {self!r}"
        return None

    def _from_component_iterator(self, components):
        fields = {field.name: _rebuild(getattr(self, field.name), components)
                  for field in _fields_of(self.value_type)}
        fields["_tf_extension_type_cached_type_spec"] = self
        return _new_object(self.value_type, fields)

    def _from_components(self, components):
        iterator = iter(components)
        value = self._from_component_iterator(iterator)
        if list(iterator):
            raise ValueError("Cannot build an ExtensionType instance from components "
                             "because more components are provided than the number "
                             "expected by the type spec.")
        return value

    def _to_components(self, value):
        return value._tf_flatten_composite()[1]

    def _tf_flatten_composite(self):
        """`(trace key, component TensorSpecs, rebuild)`: a spec in an `input_signature`
        or given to `get_concrete_function` traces with these parameters."""
        specs = []
        for field in _fields_of(self.value_type):
            _spec_leaves(getattr(self, field.name), specs)
        return repr(self), specs, self._from_components


def _compatible(mine, theirs):
    """`TypeSpec.__is_compatible`: serialized specs match, tensor specs by compatibility."""
    if isinstance(mine, tf.TensorSpec) and isinstance(theirs, tf.TensorSpec):
        return mine.is_compatible_with(theirs)
    if isinstance(mine, ExtensionTypeSpec) and isinstance(theirs, ExtensionTypeSpec):
        return mine.is_compatible_with(theirs)
    if isinstance(mine, (tuple, list)) and isinstance(theirs, (tuple, list)):
        return (type(mine) is type(theirs) and len(mine) == len(theirs)
                and all(_compatible(a, b) for a, b in zip(mine, theirs)))
    if isinstance(mine, dict) and isinstance(theirs, dict):
        return (mine.keys() == theirs.keys()
                and all(_compatible(mine[key], theirs[key]) for key in mine))
    return mine == theirs


def type_spec_from_value(value):
    """`tf.type_spec_from_value`: the `TypeSpec` of a tensor, extension type or value
    `tf.convert_to_tensor` accepts."""
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, tf.Tensor):
        return tf.TensorSpec(value.shape, value.dtype)
    spec = getattr(value, "_type_spec", None)
    if spec is not None:
        return spec
    try:
        tensor = tf.convert_to_tensor(value)
    except (TypeError, ValueError):
        raise TypeError(f"Could not build a TypeSpec for {value!r} of "
                        f"unsupported type {type(value)}.") from None
    return tf.TensorSpec(tensor.shape, tensor.dtype)


ExtensionType.__module__ = "tensorflow.python.framework.extension_type"
BatchableExtensionType.__module__ = "tensorflow.python.framework.extension_type"
ExtensionTypeSpec.__module__ = "tensorflow.python.framework.extension_type"
