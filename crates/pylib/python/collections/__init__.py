"""Container datatypes: ``namedtuple``, ``deque``, ``Counter``, ``OrderedDict``,
``defaultdict`` and ``ChainMap``."""

import sys as _sys
from itertools import chain as _chain, repeat as _repeat, starmap as _starmap
from operator import itemgetter as _itemgetter

__all__ = [
    "ChainMap", "Counter", "OrderedDict", "defaultdict", "deque", "namedtuple",
]


def _repr_guard(method):
    """``...`` instead of endless recursion when a container holds itself."""
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
    wrapper.__name__ = method.__name__
    return wrapper


class OrderedDict(dict):
    """A dict that remembers insertion order and can move keys to either end."""

    def __init__(self, other=(), /, **kwds):
        super().__init__()
        self.update(other, **kwds)

    def update(self, other=(), /, **kwds):
        if hasattr(other, "keys"):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def move_to_end(self, key, last=True):
        """Moves ``key`` to the end (or the front when ``last`` is false)."""
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
            return
        rest = list(dict.items(self))
        dict.clear(self)
        dict.__setitem__(self, key, value)
        for k, v in rest:
            dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        """Removes and returns the last (or first) ``(key, value)`` pair."""
        if not self:
            raise KeyError("dictionary is empty")
        key = next(reversed(list(self))) if last else next(iter(self))
        value = dict.pop(self, key)
        return key, value

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __reversed__(self):
        return reversed(list(self))

    @_repr_guard
    def __repr__(self):
        if not self:
            return "%s()" % (self.__class__.__name__,)
        return "%s(%r)" % (self.__class__.__name__, list(self.items()))

    def copy(self):
        return self.__class__(self)

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(self)
        new.update(other)
        return new

    def __reduce__(self):
        return self.__class__, (list(self.items()),)


class defaultdict(dict):
    """A dict that makes a missing key's value by calling ``default_factory``."""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    @_repr_guard
    def __repr__(self):
        factory = self.default_factory
        factory_repr = "None" if factory is None else repr(factory)
        return "%s(%s, %s)" % (self.__class__.__name__, factory_repr, dict.__repr__(self))

    def copy(self):
        return self.__class__(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return self.__class__, (self.default_factory,), None, None, iter(self.items())

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new


class Counter(dict):
    """A dict of counts: ``Counter('abracadabra').most_common(3)``."""

    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        """The sum of the counts."""
        return sum(self.values())

    def most_common(self, n=None):
        """The ``n`` most common elements and their counts, most common first (ties in
        first-seen order)."""
        items = sorted(self.items(), key=_itemgetter(1), reverse=True)
        return items if n is None else items[:max(n, 0)]

    def elements(self):
        """Each element repeated as many times as its count."""
        return _chain.from_iterable(_starmap(_repeat, self.items()))

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.")

    def update(self, iterable=None, /, **kwds):
        """Adds counts from an iterable or a mapping."""
        if iterable is not None:
            if hasattr(iterable, "keys"):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        """Subtracts counts (which may become zero or negative)."""
        if iterable is not None:
            if hasattr(iterable, "keys"):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    @_repr_guard
    def __repr__(self):
        if not self:
            return "%s()" % self.__class__.__name__
        try:
            d = dict(self.most_common())
        except TypeError:
            d = dict(self)
        return "%s(%r)" % (self.__class__.__name__, d)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result


class deque:
    """A double-ended queue, optionally bounded by ``maxlen``."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        self._items = []
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _trim_left(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[:len(self._items) - self._maxlen]

    def _trim_right(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[self._maxlen:]

    def append(self, x):
        self._items.append(x)
        self._trim_left()

    def appendleft(self, x):
        self._items.insert(0, x)
        self._trim_right()

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def clear(self):
        self._items.clear()

    def copy(self):
        return deque(self._items, self._maxlen)

    __copy__ = copy

    def count(self, x):
        return self._items.count(x)

    def index(self, x, start=0, stop=None):
        try:
            return self._items.index(x, start, len(self._items) if stop is None else stop)
        except ValueError:
            raise ValueError("%r is not in deque" % (x,)) from None

    def insert(self, i, x):
        if self._maxlen is not None and len(self._items) >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        self._items.insert(i, x)

    def remove(self, value):
        try:
            self._items.remove(value)
        except ValueError:
            raise ValueError("%r is not in deque" % (value,)) from None

    def reverse(self):
        self._items.reverse()

    def rotate(self, n=1):
        """Rotates ``n`` steps to the right (left when negative)."""
        if not self._items:
            return
        n %= len(self._items)
        if n:
            self._items[:] = self._items[-n:] + self._items[:-n]

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return bool(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __reversed__(self):
        return reversed(list(self._items))

    def __contains__(self, x):
        return x in self._items

    def __getitem__(self, i):
        if isinstance(i, slice):
            raise TypeError("sequence index must be integer, not 'slice'")
        try:
            return self._items[i]
        except IndexError:
            raise IndexError("deque index out of range") from None

    def __setitem__(self, i, x):
        try:
            self._items[i] = x
        except IndexError:
            raise IndexError("deque index out of range") from None

    def __delitem__(self, i):
        try:
            del self._items[i]
        except IndexError:
            raise IndexError("deque index out of range") from None

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items < other._items

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque'
                            % type(other).__name__)
        return deque(self._items + other._items, self._maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return deque(self._items * n, self._maxlen)

    __hash__ = None

    @_repr_guard
    def __repr__(self):
        if self._maxlen is None:
            return "deque(%r)" % (self._items,)
        return "deque(%r, maxlen=%d)" % (self._items, self._maxlen)


class ChainMap:
    """Several mappings searched in order as one."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    @_repr_guard
    def __repr__(self):
        return "{0.__class__.__name__}({1})".format(self, ", ".join(map(repr, self.maps)))

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f"Key not found in the first mapping: {key!r}") from None

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f"Key not found in the first mapping: {key!r}") from None

    def clear(self):
        self.maps[0].clear()


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A tuple subclass whose items are also named attributes."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = _sys.intern(str(typename)) if hasattr(_sys, "intern") else str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name) or name.startswith("_")
                    or name in seen):
                field_names[index] = f"_{index}"
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError("Type names and field names must be strings")
        if not name.isidentifier():
            raise ValueError("Type names and field names must be valid "
                             f"identifiers: {name!r}")
        if _iskeyword(name):
            raise ValueError("Type names and field names cannot be a "
                             f"keyword: {name!r}")
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError("Field names cannot start with an underscore: "
                             f"{name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError("Got more default values than field names")
        field_defaults = dict(reversed(list(zip(reversed(field_names), reversed(defaults)))))
    field_names = tuple(field_names)
    num_fields = len(field_names)
    arg_list = ", ".join(field_names)
    if num_fields == 1:
        arg_list += ","
    tuple_new = tuple.__new__

    def __new__(_cls, *args, **kwargs):
        if len(args) > num_fields:
            raise TypeError(f"{typename}.__new__() takes {num_fields + 1} positional "
                            f"arguments but {len(args) + 1} were given")
        values = list(args)
        for name in field_names[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                missing = [n for n in field_names[len(values):]
                           if n not in kwargs and n not in field_defaults]
                quoted = ["'%s'" % n for n in missing]
                if len(quoted) == 1:
                    listed = quoted[0]
                else:
                    listed = ", ".join(quoted[:-1]) + " and " + quoted[-1]
                raise TypeError(f"{typename}.__new__() missing {len(missing)} required "
                                f"positional argument{'s' if len(missing) > 1 else ''}: "
                                f"{listed}")
        for name in kwargs:
            if name in field_names:
                raise TypeError(f"{typename}.__new__() got multiple values for argument "
                                f"'{name}'")
            raise TypeError(f"{typename}.__new__() got an unexpected keyword argument "
                            f"'{name}'")
        return tuple_new(_cls, values)

    @classmethod
    def _make(cls, iterable):
        result = tuple_new(cls, iterable)
        if len(result) != num_fields:
            raise TypeError(f"Expected {num_fields} arguments, got {len(result)}")
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name) if name in kwds else value
                             for name, value in zip(field_names, self)])
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return result

    def __repr__(self):
        return self.__class__.__name__ + "(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(field_names, self)) + ")"

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    namespace = {
        "__doc__": f"{typename}({arg_list})",
        "__slots__": (),
        "_fields": field_names,
        "_field_defaults": field_defaults,
        "__new__": __new__,
        "_make": _make,
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": field_names,
    }
    for index, name in enumerate(field_names):
        namespace[name] = property(_itemgetter(index), doc=f"Alias for field number {index}")
    result = type(typename, (tuple,), namespace)
    if module is None:
        try:
            module = _sys._getframe(1).f_globals.get("__name__", "__main__")
        except (AttributeError, ValueError):
            module = "__main__"
    result.__module__ = module
    return result


_KEYWORDS = frozenset([
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield",
])


def _iskeyword(name):
    return name in _KEYWORDS
