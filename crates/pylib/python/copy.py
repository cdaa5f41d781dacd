"""Shallow and deep copy operations: a pure-Python copy module.

copy(x) makes a shallow copy and deepcopy(x, memo) a deep copy.  Classes can
control copying by defining __copy__() and __deepcopy__(memo); otherwise an
instance is copied by creating a new object of its class (without calling
__init__) and giving it the original's state: its __dict__ and __slots__
values, or what __getstate__() returns, passed to __setstate__() if defined.
"""

__all__ = ["Error", "copy", "deepcopy"]


class Error(Exception):
    pass


error = Error  # backward compatible alias


def _function():
    pass


# Objects of these types are immutable (or are treated as such): copies are the object itself.
_ATOMIC = {type(None), int, float, bool, str, bytes, type, range, type(_function),
           type(len), type(Ellipsis), type(NotImplemented), property}


def _uncopyable(x):
    return TypeError(f"cannot pickle '{type(x).__name__}' object")


def _slot_names(cls):
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return names


def _get_state(x):
    """The state to transfer to a copy of instance x."""
    cls = type(x)
    getstate = getattr(cls, "__getstate__", None)
    if getstate is not None and getstate is not getattr(object, "__getstate__", None):
        return x.__getstate__()
    state = dict(x.__dict__) if hasattr(x, "__dict__") else None
    slots = {}
    for name in _slot_names(cls):
        if hasattr(x, name):
            slots[name] = getattr(x, name)
    if slots:
        return (state, slots)
    return state


def _set_state(y, state):
    if hasattr(y, "__setstate__"):
        y.__setstate__(state)
        return
    slots = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slots = state
    if state:
        # Stored attribute by attribute: this interpreter's __dict__ is a snapshot.
        for name, value in state.items():
            object.__setattr__(y, name, value)
    if slots:
        for name, value in slots.items():
            setattr(y, name, value)


def _new_instance(x):
    cls = type(x)
    if not hasattr(x, "__dict__") and not _slot_names(cls):
        raise _uncopyable(x)
    return cls.__new__(cls)


def copy(x):
    cls = type(x)
    if cls in _ATOMIC or cls is tuple or cls is frozenset:
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    if isinstance(x, type):
        return x
    y = _new_instance(x)
    state = _get_state(x)
    if state:
        _set_state(y, state)
    return y


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    key = id(x)
    y = memo.get(key, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _ATOMIC or isinstance(x, type):
        y = x
    elif cls is list:
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif cls is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls is tuple:
        items = [deepcopy(item, memo) for item in x]
        # A tuple that contains itself (through a list, say) was copied meanwhile.
        if key in memo:
            return memo[key]
        if all(a is b for a, b in zip(items, x)):
            y = x
        else:
            y = tuple(items)
    elif cls is set or cls is frozenset:
        y = cls(deepcopy(item, memo) for item in x)
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        else:
            y = _new_instance(x)
            memo[key] = y
            state = _get_state(x)
            if state:
                _set_state(y, deepcopy(state, memo))
    if y is not x:
        memo[key] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    """Keep a reference to x in the memo, so that its id() is not reused by another
    object while the memo is alive."""
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]
