"""Inspecting live objects, as far as programs use CPython 3.11's ``inspect``: the ``is*``
predicates, ``signature`` with ``Signature``/``Parameter``/``BoundArguments``, ``getsource``
and friends (read from the program's files), ``getdoc``/``cleandoc``, ``getmembers`` and
``getfullargspec``. Frames (``currentframe``, ``stack``) are not available."""

import collections
import enum
import sys
import types

__all__ = [
    "isclass", "ismodule", "isfunction", "ismethod", "isbuiltin", "isroutine",
    "isgeneratorfunction", "isgenerator", "iscoroutinefunction", "iscoroutine",
    "isawaitable", "isasyncgenfunction", "isabstract", "isdatadescriptor",
    "ismethoddescriptor", "getmembers", "signature", "Signature", "Parameter",
    "BoundArguments", "getsource", "getsourcelines", "getdoc", "cleandoc", "getfile",
    "getmodule", "getfullargspec", "FullArgSpec", "unwrap", "formatannotation",
]

CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_GENERATOR = 0x20

_FunctionType = type(lambda: None)


class _C:
    def _m(self):
        pass


_MethodType = type(_C()._m)
_BuiltinFunctionType = type(len)
_GeneratorType = type((lambda: (yield))())
del _C


def isclass(obj):
    return isinstance(obj, type)


def ismodule(obj):
    return isinstance(obj, type(sys))


def isfunction(obj):
    return isinstance(obj, _FunctionType)


def ismethod(obj):
    return isinstance(obj, _MethodType)


def isbuiltin(obj):
    return isinstance(obj, _BuiltinFunctionType)


def isroutine(obj):
    return isbuiltin(obj) or isfunction(obj) or ismethod(obj) or ismethoddescriptor(obj)


def ismethoddescriptor(obj):
    if isclass(obj) or ismethod(obj) or isfunction(obj):
        return False
    kind = type(obj)
    return hasattr(kind, "__get__") and not hasattr(kind, "__set__")


def isdatadescriptor(obj):
    if isclass(obj) or ismethod(obj) or isfunction(obj):
        return False
    if isinstance(obj, property):
        return True
    kind = type(obj)
    return hasattr(kind, "__set__") or hasattr(kind, "__delete__")


def isgeneratorfunction(obj):
    obj = _unbound(obj)
    return isfunction(obj) and bool(obj.__code__.co_flags & CO_GENERATOR)


def isgenerator(obj):
    return isinstance(obj, _GeneratorType)


def iscoroutinefunction(obj):
    return False


def iscoroutine(obj):
    return False


def isawaitable(obj):
    return False


def isasyncgenfunction(obj):
    return False


def isabstract(obj):
    return isclass(obj) and bool(getattr(obj, "__abstractmethods__", False))


def _unbound(obj):
    while ismethod(obj):
        obj = obj.__func__
    return obj


def getmembers(obj, predicate=None):
    """``(name, value)`` for each attribute of ``obj`` that ``predicate`` accepts, sorted."""
    results = []
    for key in dir(obj):
        try:
            value = getattr(obj, key)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def unwrap(func, *, stop=None):
    """Follows ``__wrapped__`` (set by ``functools.wraps``) to the innermost function."""
    seen = {id(func)}
    while hasattr(func, "__wrapped__") and (stop is None or not stop(func)):
        func = func.__wrapped__
        if id(func) in seen:
            raise ValueError("wrapper loop when unwrapping {!r}".format(func))
        seen.add(id(func))
    return func


def cleandoc(doc):
    """A docstring with its indentation removed, as ``help()`` shows it."""
    lines = doc.expandtabs().split("\n")
    margin = sys.maxsize
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            margin = min(margin, len(line) - content)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin < sys.maxsize:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def getdoc(obj):
    doc = getattr(obj, "__doc__", None)
    if doc is None and isclass(obj):
        for base in obj.__mro__[1:]:
            if base is object:
                break
            doc = base.__doc__
            if doc is not None:
                break
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def getmodule(obj):
    if ismodule(obj):
        return obj
    name = getattr(obj, "__module__", None)
    return sys.modules.get(name) if name is not None else None


def getfile(obj):
    """The file ``obj`` was defined in."""
    if ismodule(obj):
        if getattr(obj, "__file__", None):
            return obj.__file__
        raise TypeError("{!r} is a built-in module".format(obj))
    if isclass(obj):
        module = sys.modules.get(obj.__module__)
        if module is not None and getattr(module, "__file__", None):
            return module.__file__
        if obj.__module__ == "__main__":
            return "main.py"
        raise TypeError("{!r} is a built-in class".format(obj))
    obj = _unbound(unwrap(obj)) if not isinstance(obj, (staticmethod, classmethod)) \
        else obj.__func__
    if isfunction(obj):
        return obj.__code__.co_filename
    raise TypeError("module, class, method, function, traceback, frame, or code object "
                    "was expected, got {}".format(type(obj).__name__))


def _source_lines(filename):
    try:
        with open(filename) as f:
            return f.read().splitlines(True)
    except OSError:
        raise OSError("could not get source code") from None


def _block(lines, start):
    """The lines of the definition starting at ``lines[start]``: decorators, the header,
    and the body indented deeper than the header."""
    i = start
    while i < len(lines) and lines[i].lstrip().startswith("@"):
        i += 1
    if i >= len(lines):
        return lines[start:]
    header = lines[i]
    indent = len(header) - len(header.lstrip())
    depth = 0
    for ch in header:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
    end = i + 1
    while depth > 0 and end < len(lines):
        for ch in lines[end]:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
        end += 1
    stripped = lines[end - 1].split("#")[0].rstrip()
    if not stripped.endswith(":") or stripped.lstrip().startswith("lambda"):
        return lines[start:end]
    last = end
    while end < len(lines):
        line = lines[end]
        if line.strip():
            if len(line) - len(line.lstrip()) <= indent:
                break
            last = end + 1
        end += 1
    return lines[start:last]


def getsourcelines(obj):
    """The source lines of a function, method or class, and the line number they start at."""
    obj = unwrap(obj)
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    obj = _unbound(obj)
    if isclass(obj):
        lines = _source_lines(getfile(obj))
        prefix = "class " + obj.__name__
        for i, line in enumerate(lines):
            text = line.lstrip()
            if text.startswith(prefix) and text[len(prefix):len(prefix) + 1] in ("(", ":", " "):
                start = i
                while start > 0 and lines[start - 1].lstrip().startswith("@"):
                    start -= 1
                return _block(lines, start), start + 1
        raise OSError("could not find class definition")
    if not isfunction(obj):
        raise TypeError("module, class, method, function, traceback, frame, or code object "
                        "was expected, got {}".format(type(obj).__name__))
    code = obj.__code__
    lines = _source_lines(code.co_filename)
    start = code.co_firstlineno - 1
    if not 0 <= start < len(lines):
        raise OSError("could not get source code")
    return _block(lines, start), start + 1


def getsource(obj):
    lines, _ = getsourcelines(obj)
    return "".join(lines)


class _empty:
    """Marks a parameter without a default or annotation."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return _KIND_DESCRIPTIONS[self]


_KIND_DESCRIPTIONS = {
    _ParameterKind.POSITIONAL_ONLY: "positional-only",
    _ParameterKind.POSITIONAL_OR_KEYWORD: "positional or keyword",
    _ParameterKind.VAR_POSITIONAL: "variadic positional",
    _ParameterKind.KEYWORD_ONLY: "keyword-only",
    _ParameterKind.VAR_KEYWORD: "variadic keyword",
}


def formatannotation(annotation, base_module=None):
    if isinstance(annotation, type):
        if annotation.__module__ in ("builtins", base_module):
            return annotation.__qualname__
        return annotation.__module__ + "." + annotation.__qualname__
    return repr(annotation)


class Parameter:
    """One parameter of a ``Signature``: name, kind, default and annotation."""

    POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
    KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
    VAR_KEYWORD = _ParameterKind.VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self._kind = _ParameterKind(kind)
        if default is not _empty and self._kind in (_ParameterKind.VAR_POSITIONAL,
                                                    _ParameterKind.VAR_KEYWORD):
            raise ValueError("{} parameters cannot have default values".format(
                self._kind.description))
        if not isinstance(name, str):
            raise TypeError("name must be a str, not a {}".format(type(name).__name__))
        if not name.isidentifier():
            raise ValueError("{!r} is not a valid parameter name".format(name))
        self._name = name
        self._default = default
        self._annotation = annotation

    name = property(lambda self: self._name)
    kind = property(lambda self: self._kind)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)

    def replace(self, *, name=None, kind=None, default=None, annotation=None):
        return type(self)(
            self._name if name is None else name,
            self._kind if kind is None else kind,
            default=self._default if default is None else default,
            annotation=self._annotation if annotation is None else annotation)

    def __str__(self):
        kind = self._kind
        text = self._name
        if self._annotation is not _empty:
            text = "{}: {}".format(text, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                text = "{} = {!r}".format(text, self._default)
            else:
                text = "{}={!r}".format(text, self._default)
        if kind == _ParameterKind.VAR_POSITIONAL:
            text = "*" + text
        elif kind == _ParameterKind.VAR_KEYWORD:
            text = "**" + text
        return text

    def __repr__(self):
        return '<{} "{}">'.format(type(self).__name__, self)

    def __eq__(self, other):
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind
                and self._default == other._default and self._annotation == other._annotation)

    def __hash__(self):
        return hash((self._name, self._kind, self._annotation, self._default))


class BoundArguments:
    """The result of ``Signature.bind``: which argument went to which parameter."""

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        args = []
        for name, param in self._signature.parameters.items():
            if param.kind in (Parameter.VAR_KEYWORD, Parameter.KEYWORD_ONLY):
                break
            if name not in self.arguments:
                break
            if param.kind == Parameter.VAR_POSITIONAL:
                args.extend(self.arguments[name])
            else:
                args.append(self.arguments[name])
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        started = False
        for name, param in self._signature.parameters.items():
            if not started:
                if param.kind in (Parameter.VAR_KEYWORD, Parameter.KEYWORD_ONLY):
                    started = True
                elif name not in self.arguments:
                    started = True
                    continue
            if not started or name not in self.arguments:
                continue
            if param.kind == Parameter.VAR_KEYWORD:
                kwargs.update(self.arguments[name])
            else:
                kwargs[name] = self.arguments[name]
        return kwargs

    def apply_defaults(self):
        new = {}
        for name, param in self._signature.parameters.items():
            if name in self.arguments:
                new[name] = self.arguments[name]
            elif param.default is not _empty:
                new[name] = param.default
            elif param.kind == Parameter.VAR_POSITIONAL:
                new[name] = ()
            elif param.kind == Parameter.VAR_KEYWORD:
                new[name] = {}
        self.arguments = new

    def __repr__(self):
        args = ", ".join("{}={!r}".format(k, v) for k, v in self.arguments.items())
        return "<{} ({})>".format(type(self).__name__, args)

    def __eq__(self, other):
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments


class Signature:
    """A callable's parameters and return annotation, as ``signature()`` returns it."""

    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        params = collections.OrderedDict()
        if parameters is not None:
            top_kind = _ParameterKind.POSITIONAL_ONLY
            seen_default = False
            for param in parameters:
                kind = param.kind
                if kind < top_kind:
                    raise ValueError("wrong parameter order: {} parameter before {} parameter"
                                     .format(top_kind.description, kind.description))
                top_kind = kind
                if kind in (_ParameterKind.POSITIONAL_ONLY,
                            _ParameterKind.POSITIONAL_OR_KEYWORD):
                    if param.default is _empty:
                        if seen_default:
                            raise ValueError("non-default argument follows default argument")
                    else:
                        seen_default = True
                if param.name in params:
                    raise ValueError("duplicate parameter name: {!r}".format(param.name))
                params[param.name] = param
        self._parameters = params
        self._return_annotation = return_annotation

    @property
    def parameters(self):
        return types.MappingProxyType(self._parameters)

    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=None, return_annotation=None):
        if parameters is None:
            parameters = self._parameters.values()
        if return_annotation is None:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        return signature(obj, follow_wrapped=follow_wrapped)

    def _bind(self, args, kwargs, partial=False):
        arguments = {}
        params = list(self._parameters.values())
        args = list(args)
        kwargs = dict(kwargs)
        i = 0
        for param in params:
            if param.kind in (_ParameterKind.POSITIONAL_ONLY,
                              _ParameterKind.POSITIONAL_OR_KEYWORD):
                if i < len(args):
                    if param.name in kwargs and param.kind != _ParameterKind.POSITIONAL_ONLY:
                        raise TypeError("multiple values for argument {!r}".format(param.name))
                    arguments[param.name] = args[i]
                    i += 1
                elif param.kind != _ParameterKind.POSITIONAL_ONLY and param.name in kwargs:
                    arguments[param.name] = kwargs.pop(param.name)
                elif not partial and param.default is _empty:
                    raise TypeError("missing a required argument: {!r}".format(param.name))
            elif param.kind == _ParameterKind.VAR_POSITIONAL:
                if i < len(args):
                    arguments[param.name] = tuple(args[i:])
                    i = len(args)
            elif param.kind == _ParameterKind.KEYWORD_ONLY:
                if param.name in kwargs:
                    arguments[param.name] = kwargs.pop(param.name)
                elif not partial and param.default is _empty:
                    raise TypeError("missing a required argument: {!r}".format(param.name))
            else:
                if kwargs:
                    arguments[param.name] = kwargs
                    kwargs = {}
        if i < len(args):
            raise TypeError("too many positional arguments")
        if kwargs:
            raise TypeError("got an unexpected keyword argument {!r}".format(next(iter(kwargs))))
        return BoundArguments(self, arguments)

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __str__(self):
        parts = []
        render_pos_only = False
        render_kw_only_separator = True
        for param in self._parameters.values():
            kind = param.kind
            if kind == _ParameterKind.POSITIONAL_ONLY:
                render_pos_only = True
            elif render_pos_only:
                parts.append("/")
                render_pos_only = False
            if kind == _ParameterKind.VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == _ParameterKind.KEYWORD_ONLY and render_kw_only_separator:
                parts.append("*")
                render_kw_only_separator = False
            parts.append(str(param))
        if render_pos_only:
            parts.append("/")
        text = "({})".format(", ".join(parts))
        if self._return_annotation is not _empty:
            text += " -> {}".format(formatannotation(self._return_annotation))
        return text

    def __repr__(self):
        return "<{} {}>".format(type(self).__name__, self)

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        return (self._return_annotation == other._return_annotation
                and list(self._parameters.values()) == list(other._parameters.values()))


def _function_signature(func, skip_first=False):
    code = func.__code__
    names = code.co_varnames
    pos_count = code.co_argcount
    posonly = code.co_posonlyargcount
    kwonly = code.co_kwonlyargcount
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    annotations = func.__annotations__
    params = []
    first_default = pos_count - len(defaults)
    for i, name in enumerate(names[:pos_count]):
        kind = (_ParameterKind.POSITIONAL_ONLY if i < posonly
                else _ParameterKind.POSITIONAL_OR_KEYWORD)
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=default,
                                annotation=annotations.get(name, _empty)))
    index = pos_count
    kw_names = names[index:index + kwonly]
    index += kwonly
    if code.co_flags & CO_VARARGS:
        name = names[index]
        index += 1
        params.append(Parameter(name, _ParameterKind.VAR_POSITIONAL,
                                annotation=annotations.get(name, _empty)))
    for name in kw_names:
        params.append(Parameter(name, _ParameterKind.KEYWORD_ONLY,
                                default=kwdefaults.get(name, _empty),
                                annotation=annotations.get(name, _empty)))
    if code.co_flags & CO_VARKEYWORDS:
        name = names[index]
        params.append(Parameter(name, _ParameterKind.VAR_KEYWORD,
                                annotation=annotations.get(name, _empty)))
    if skip_first:
        if not params or params[0].kind in (_ParameterKind.KEYWORD_ONLY,
                                            _ParameterKind.VAR_KEYWORD):
            raise ValueError("invalid method signature")
        if params[0].kind != _ParameterKind.VAR_POSITIONAL:
            params = params[1:]
    return Signature(params, return_annotation=annotations.get("return", _empty))


def signature(obj, *, follow_wrapped=True):
    """The ``Signature`` of a function, method, class or callable object."""
    if not callable(obj):
        raise TypeError("{!r} is not a callable object".format(obj))
    if ismethod(obj):
        return _function_signature(unwrap(obj.__func__) if follow_wrapped else obj.__func__,
                                   skip_first=True)
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, "__signature__"))
    explicit = getattr(obj, "__signature__", None)
    if isinstance(explicit, Signature):
        return explicit
    if isfunction(obj):
        return _function_signature(obj)
    if isinstance(obj, type):
        for name in ("__call__", "__new__", "__init__"):
            if name == "__call__":
                meta_call = getattr(type(obj), "__call__", None)
                if isfunction(meta_call):
                    return _function_signature(meta_call, skip_first=True)
                continue
            for base in obj.__mro__:
                method = base.__dict__.get(name)
                if method is None:
                    continue
                if isinstance(method, staticmethod):
                    method = method.__func__
                if isfunction(method):
                    return _function_signature(method, skip_first=True)
                break
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return Signature()
        raise ValueError("no signature found for builtin type {!r}".format(obj))
    if isbuiltin(obj):
        raise ValueError("no signature found for builtin {!r}".format(obj))
    call = getattr(type(obj), "__call__", None)
    if isfunction(call):
        return _function_signature(call, skip_first=True)
    raise ValueError("callable {!r} is not supported by signature".format(obj))


FullArgSpec = collections.namedtuple(
    "FullArgSpec", "args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations")


def getfullargspec(func):
    """The parameters of ``func`` as the old ``getargspec`` tuple, with keyword-only ones."""
    try:
        sig = signature(func, follow_wrapped=False)
    except Exception as exc:
        raise TypeError("unsupported callable") from exc
    if ismethod(func):
        sig = _function_signature(func.__func__)
    args, varargs, varkw, kwonlyargs = [], None, None, []
    defaults, kwdefaults, annotations = (), {}, {}
    if sig.return_annotation is not _empty:
        annotations["return"] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        if kind in (_ParameterKind.POSITIONAL_ONLY, _ParameterKind.POSITIONAL_OR_KEYWORD):
            args.append(param.name)
            if param.default is not _empty:
                defaults += (param.default,)
        elif kind == _ParameterKind.VAR_POSITIONAL:
            varargs = param.name
        elif kind == _ParameterKind.KEYWORD_ONLY:
            kwonlyargs.append(param.name)
            if param.default is not _empty:
                kwdefaults[param.name] = param.default
        else:
            varkw = param.name
        if param.annotation is not _empty:
            annotations[param.name] = param.annotation
    return FullArgSpec(args, varargs, varkw, defaults or None, kwonlyargs,
                       kwdefaults or None, annotations)
