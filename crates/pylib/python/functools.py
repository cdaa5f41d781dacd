"""Tools for working with functions and callable objects: a pure-Python functools.

Provides reduce, partial, update_wrapper/wraps, lru_cache/cache, cached_property,
total_ordering, cmp_to_key and singledispatch, following CPython 3.11's documented
behaviour (including its error messages for the common misuses).
"""

__all__ = ["update_wrapper", "wraps", "WRAPPER_ASSIGNMENTS", "WRAPPER_UPDATES",
           "total_ordering", "cache", "cmp_to_key", "lru_cache", "reduce",
           "partial", "singledispatch", "cached_property"]


# ---------------------------------------------------------------------------
# reduce

def reduce(*args, **kwargs):
    if kwargs:
        raise TypeError("reduce() takes no keyword arguments")
    if len(args) < 2:
        raise TypeError(f"reduce expected at least 2 arguments, got {len(args)}")
    if len(args) > 3:
        raise TypeError(f"reduce expected at most 3 arguments, got {len(args)}")
    function, iterable = args[0], args[1]
    try:
        items = iter(iterable)
    except TypeError:
        raise TypeError("reduce() arg 2 must support iteration") from None
    if len(args) == 3:
        value = args[2]
    else:
        for value in items:
            break
        else:
            raise TypeError("reduce() of empty iterable with no initial value")
    for item in items:
        value = function(value, item)
    return value


# ---------------------------------------------------------------------------
# partial

class partial:

    def __init__(self, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func, args = args[0], args[1:]
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if type(func) is partial:
            # Flatten nested partials: partial(partial(f, 1), 2) is partial(f, 1, 2).
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = tuple(args)
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        return self.func(*self.args, *args, **{**self.keywords, **keywords})

    def __repr__(self):
        parts = [repr(self.func)]
        parts += [repr(a) for a in self.args]
        parts += [f"{k}={v!r}" for k, v in self.keywords.items()]
        name = "functools.partial" if type(self) is partial else type(self).__name__
        return f"{name}({', '.join(parts)})"


# ---------------------------------------------------------------------------
# update_wrapper / wraps

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__",
                       "__annotations__")
WRAPPER_UPDATES = ("__dict__",)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS,
                   updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function.

    wrapper is the function to be updated; wrapped is the original function.
    Attributes named in assigned are copied over (when the wrapped function has
    them); the dicts named in updated are updated from the wrapped function's.
    wrapper.__wrapped__ is set to wrapped.  Returns wrapper.
    """
    for name in assigned:
        try:
            value = getattr(wrapped, name)
        except AttributeError:
            continue
        setattr(wrapper, name, value)
    for name in updated:
        getattr(wrapper, name).update(getattr(wrapped, name, {}))
    # Set last, so that a __wrapped__ copied from wrapped.__dict__ is overridden.
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory to apply update_wrapper() to a wrapper function.

    Returns a decorator that invokes update_wrapper() with the decorated
    function as the wrapper argument and the arguments to wraps() as the
    remaining arguments.
    """
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned,
                   updated=updated)


# ---------------------------------------------------------------------------
# total_ordering

def _gt_from_lt(self, other):
    result = type(self).__lt__(self, other)
    if result is NotImplemented:
        return result
    return not result and self != other


def _le_from_lt(self, other):
    result = type(self).__lt__(self, other)
    if result is NotImplemented:
        return result
    return result or self == other


def _ge_from_lt(self, other):
    result = type(self).__lt__(self, other)
    if result is NotImplemented:
        return result
    return not result


def _ge_from_le(self, other):
    result = type(self).__le__(self, other)
    if result is NotImplemented:
        return result
    return not result or self == other


def _lt_from_le(self, other):
    result = type(self).__le__(self, other)
    if result is NotImplemented:
        return result
    return result and self != other


def _gt_from_le(self, other):
    result = type(self).__le__(self, other)
    if result is NotImplemented:
        return result
    return not result


def _lt_from_gt(self, other):
    result = type(self).__gt__(self, other)
    if result is NotImplemented:
        return result
    return not result and self != other


def _ge_from_gt(self, other):
    result = type(self).__gt__(self, other)
    if result is NotImplemented:
        return result
    return result or self == other


def _le_from_gt(self, other):
    result = type(self).__gt__(self, other)
    if result is NotImplemented:
        return result
    return not result


def _le_from_ge(self, other):
    result = type(self).__ge__(self, other)
    if result is NotImplemented:
        return result
    return not result or self == other


def _gt_from_ge(self, other):
    result = type(self).__ge__(self, other)
    if result is NotImplemented:
        return result
    return result and self != other


def _lt_from_ge(self, other):
    result = type(self).__ge__(self, other)
    if result is NotImplemented:
        return result
    return not result


# For each root operation, the operations derived from it.
_DERIVED = {
    "__lt__": [("__gt__", _gt_from_lt), ("__le__", _le_from_lt), ("__ge__", _ge_from_lt)],
    "__le__": [("__ge__", _ge_from_le), ("__lt__", _lt_from_le), ("__gt__", _gt_from_le)],
    "__gt__": [("__lt__", _lt_from_gt), ("__ge__", _ge_from_gt), ("__le__", _le_from_gt)],
    "__ge__": [("__le__", _le_from_ge), ("__gt__", _gt_from_ge), ("__lt__", _lt_from_ge)],
}


def total_ordering(cls):
    # An operation counts as defined when it is not simply the one inherited from object.
    roots = [op for op in _DERIVED
             if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    root = max(roots)  # prefer __lt__, then __le__, then __gt__, then __ge__
    for name, func in _DERIVED[root]:
        if name not in roots:
            setattr(cls, name, func)
    return cls


# ---------------------------------------------------------------------------
# cmp_to_key

def cmp_to_key(mycmp):

    class KeyWrapper:
        __slots__ = ["obj"]

        def __init__(self, obj):
            self.obj = obj

        def _cmp(self, other):
            if not isinstance(other, KeyWrapper):
                raise TypeError("other argument must be K instance")
            return mycmp(self.obj, other.obj)

        def __lt__(self, other):
            return self._cmp(other) < 0

        def __gt__(self, other):
            return self._cmp(other) > 0

        def __eq__(self, other):
            return self._cmp(other) == 0

        def __le__(self, other):
            return self._cmp(other) <= 0

        def __ge__(self, other):
            return self._cmp(other) >= 0

        __hash__ = None

    return KeyWrapper


# ---------------------------------------------------------------------------
# lru_cache / cache

class _CacheInfo:
    """The result of cache_info(): behaves like the named tuple
    CacheInfo(hits, misses, maxsize, currsize)."""

    _fields = ("hits", "misses", "maxsize", "currsize")

    def __init__(self, hits, misses, maxsize, currsize):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def _astuple(self):
        return (self.hits, self.misses, self.maxsize, self.currsize)

    def __iter__(self):
        return iter(self._astuple())

    def __len__(self):
        return 4

    def __getitem__(self, index):
        return self._astuple()[index]

    def __eq__(self, other):
        if isinstance(other, _CacheInfo):
            other = other._astuple()
        return self._astuple() == other

    def __hash__(self):
        return hash(self._astuple())

    def _asdict(self):
        return dict(zip(self._fields, self._astuple()))

    def __repr__(self):
        return (f"CacheInfo(hits={self.hits!r}, misses={self.misses!r}, "
                f"maxsize={self.maxsize!r}, currsize={self.currsize!r})")


_CacheInfo.__name__ = "CacheInfo"
_CacheInfo.__qualname__ = "CacheInfo"

_KWD_MARK = object()  # separates positional from keyword arguments in cache keys


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += (_KWD_MARK,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    return key


def _lru_cache_wrapper(user_function, maxsize, typed):
    if not callable(user_function):
        raise TypeError("the first argument must be callable")
    cache = {}  # dicts keep insertion order: first key = least recently used
    hits = 0
    misses = 0
    missing = object()

    def wrapper(*args, **kwds):
        nonlocal hits, misses
        if maxsize == 0:
            misses += 1
            return user_function(*args, **kwds)
        key = _make_key(args, kwds, typed)
        result = cache.get(key, missing)
        if result is not missing:
            hits += 1
            if maxsize is not None:
                # Mark as most recently used.
                del cache[key]
                cache[key] = result
            return result
        misses += 1
        result = user_function(*args, **kwds)
        if key in cache:
            # A recursive call already cached this key; keep that entry.
            return result
        cache[key] = result
        if maxsize is not None and len(cache) > maxsize:
            del cache[next(iter(cache))]
        return result

    def cache_info():
        """Report cache statistics"""
        return _CacheInfo(hits, misses, maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        nonlocal hits, misses
        cache.clear()
        hits = 0
        misses = 0

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    return wrapper


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        # Used as a plain decorator: @lru_cache
        user_function, maxsize = maxsize, 128
        return _decorate(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError("Expected first argument to be an integer, a callable, or None")

    def decorating_function(user_function):
        return _decorate(user_function, maxsize, typed)

    return decorating_function


def _decorate(user_function, maxsize, typed):
    wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
    wrapper.cache_parameters = lambda: {"maxsize": maxsize, "typed": typed}
    return update_wrapper(wrapper, user_function)


def cache(user_function):
    return lru_cache(maxsize=None)(user_function)


# ---------------------------------------------------------------------------
# cached_property

_NOT_FOUND = object()


class cached_property:
    """A property whose value is computed once per instance and then stored in the
    instance's __dict__ (so later lookups find the stored value directly)."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                "Cannot assign the same cached_property to two different names "
                f"({self.attrname!r} and {name!r})."
            )

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                "Cannot use cached_property instance without calling __set_name__ on it.")
        try:
            storage = instance.__dict__
        except AttributeError:
            raise TypeError(
                f"No '__dict__' attribute on {type(instance).__name__!r} "
                f"instance to cache {self.attrname!r} property."
            ) from None
        value = storage.get(self.attrname, _NOT_FOUND)
        if value is _NOT_FOUND:
            value = self.func(instance)
            # In the instance's attributes, where later lookups find it before this
            # (non-data) descriptor; this interpreter's __dict__ is a snapshot.
            object.__setattr__(instance, self.attrname, value)
        return value


# ---------------------------------------------------------------------------
# singledispatch

def _first_annotated_class(func):
    """The class annotated on the first parameter of func, for @f.register."""
    annotations = getattr(func, "__annotations__", {})
    if not annotations:
        raise TypeError(
            f"Invalid first argument to `register()`: {func!r}. "
            "Use either `@register(some_class)` or plain `@register` "
            "on an annotated function."
        )
    for argname, cls in annotations.items():
        if argname == "return":
            continue
        if not isinstance(cls, type):
            raise TypeError(f"Invalid annotation for {argname!r}. {cls!r} is not a class.")
        return cls
    raise TypeError(
        f"Invalid first argument to `register()`: {func!r}. "
        "Use either `@register(some_class)` or plain `@register` "
        "on an annotated function."
    )


def singledispatch(func):
    registry = {object: func}

    def dispatch(cls):
        """generic_func.dispatch(cls) -> <function implementation>

        Runs the dispatch algorithm to return the best available implementation
        for the given *cls* registered on *generic_func*.
        """
        for klass in cls.__mro__:
            if klass in registry:
                return registry[klass]
        return func

    def register(cls, func=None):
        """generic_func.register(cls, func) -> func

        Registers a new implementation for the given *cls* on a *generic_func*.
        """
        if isinstance(cls, type):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError(f"Invalid first argument to `register()`. {cls!r} is not a class.")
            func = cls
            cls = _first_annotated_class(func)
        registry[cls] = func
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f"{funcname} requires at least 1 positional argument")
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, "__name__", "singledispatch function")
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    update_wrapper(wrapper, func)
    return wrapper
