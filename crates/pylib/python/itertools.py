"""Functions creating iterators for efficient looping: a pure-Python itertools.

Infinite iterators (count, cycle, repeat), iterators terminating on the shortest
input (accumulate, chain, compress, dropwhile, filterfalse, groupby, islice,
pairwise, starmap, takewhile, tee, zip_longest) and combinatoric iterators
(product, permutations, combinations, combinations_with_replacement).

As in CPython, the iterators call iter() on their inputs as soon as they are
created (so a non-iterable argument fails at once), except chain(), which is lazy.
"""

import sys

__all__ = ["count", "cycle", "repeat", "accumulate", "chain", "compress",
           "dropwhile", "filterfalse", "groupby", "islice", "pairwise", "starmap",
           "takewhile", "tee", "zip_longest", "product", "permutations",
           "combinations", "combinations_with_replacement"]

_MISSING = object()


def _is_number(value):
    if isinstance(value, (int, float)):
        return True
    return any(hasattr(value, name) for name in ("__index__", "__float__", "__complex__"))


# ---------------------------------------------------------------------------
# Infinite iterators

class count:

    def __init__(self, start=0, step=1):
        if not _is_number(start) or not _is_number(step):
            raise TypeError("a number is required")
        self._value = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        value = self._value
        self._value = value + self._step
        return value

    def __repr__(self):
        if type(self._step) is int and self._step == 1:
            return f"count({self._value!r})"
        return f"count({self._value!r}, {self._step!r})"


def cycle(iterable):
    return _cycle(iter(iterable))


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


class repeat:

    def __init__(self, object=_MISSING, times=None):
        if object is _MISSING:
            raise TypeError("repeat() missing required argument 'object' (pos 1)")
        self._object = object
        self._times = None if times is None else max(times, 0)

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._object
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError("len() of unsized object")
        return self._times

    def __repr__(self):
        if self._times is None:
            return f"repeat({self._object!r})"
        return f"repeat({self._object!r}, {self._times})"


# ---------------------------------------------------------------------------
# Iterators terminating on the shortest input sequence

def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        for total in it:
            break
        else:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


class chain:

    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._active = None

    @classmethod
    def from_iterable(cls, iterable):
        result = cls()
        result._sources = iter(iterable)
        return result

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._active is None:
                if self._sources is None:
                    raise StopIteration
                try:
                    source = next(self._sources)
                except StopIteration:
                    self._sources = None
                    raise
                self._active = iter(source)
            try:
                return next(self._active)
            except StopIteration:
                self._active = None


def compress(data=_MISSING, selectors=_MISSING):
    if data is _MISSING:
        raise TypeError("compress() missing required argument 'data' (pos 1)")
    if selectors is _MISSING:
        raise TypeError("compress() missing required argument 'selectors' (pos 2)")
    return _compress(iter(data), iter(selectors))


def _compress(data, selectors):
    for item, selected in zip(data, selectors):
        if selected:
            yield item


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


def _dropwhile(predicate, it):
    for item in it:
        if not predicate(item):
            yield item
            break
    for item in it:
        yield item


def takewhile(predicate, iterable):
    return _takewhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for item in it:
        if not predicate(item):
            return
        yield item


def filterfalse(function, iterable):
    return _filterfalse(function, iter(iterable))


def _filterfalse(function, it):
    for item in it:
        if not (bool(item) if function is None else function(item)):
            yield item


class groupby:

    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._value = _MISSING     # the element last taken from the input
        self._key = _MISSING       # its key
        self._group_key = _MISSING  # the key of the group handed out last
        self._group_token = None   # identifies the group that may still advance

    def __iter__(self):
        return self

    def _advance(self):
        """Take the next element from the input (StopIteration when exhausted)."""
        self._value = next(self._it)
        self._key = self._value if self._keyfunc is None else self._keyfunc(self._value)

    def __next__(self):
        self._group_token = object()  # earlier group iterators become exhausted
        if self._key is _MISSING:
            self._advance()
        # Skip what is left of the previous group.
        while self._group_key is not _MISSING and self._key == self._group_key:
            self._advance()
        self._group_key = self._key
        return (self._key, self._group(self._key, self._group_token))

    def _group(self, key, token):
        while self._group_token is token:
            yield self._value
            if self._group_token is not token:
                return  # the outer iterator moved on while this group was paused
            try:
                self._advance()
            except StopIteration:
                return
            if not self._key == key:
                return


def islice(*args):
    if len(args) < 2:
        raise TypeError(f"islice expected at least 2 arguments, got {len(args)}")
    if len(args) > 4:
        raise TypeError(f"islice expected at most 4 arguments, got {len(args)}")
    iterable = args[0]
    if len(args) == 2:
        start, stop, step = None, args[1], None
    else:
        start, stop = args[1], args[2]
        step = args[3] if len(args) == 4 else None
    stop = _slice_index(stop, sys.maxsize,
                        "Stop argument for islice() must be None or an integer: "
                        "0 <= x <= sys.maxsize.")
    start = _slice_index(start, 0, "Indices for islice() must be None or an integer: "
                                   "0 <= x <= sys.maxsize.")
    if step is None:
        step = 1
    elif not isinstance(step, int) or step < 1:
        raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice(iter(iterable), start, stop, step)


def _slice_index(value, default, message):
    if value is None:
        return default
    if isinstance(value, int) or hasattr(value, "__index__"):
        value = value.__index__() if not isinstance(value, int) else value
        if 0 <= value <= sys.maxsize:
            return value
    raise ValueError(message)


def _islice(it, start, stop, step):
    wanted = start
    if wanted >= stop:
        # Nothing to produce, but the input is still consumed up to start.
        for _ in zip(range(start), it):
            pass
        return
    for index, element in enumerate(it):
        if index == wanted:
            yield element
            wanted += step
            if wanted >= stop:
                return


def pairwise(iterable):
    return _pairwise(iter(iterable))


def _pairwise(it):
    for previous in it:
        break
    else:
        return
    for current in it:
        yield (previous, current)
        previous = current


def starmap(*args):
    if len(args) != 2:
        raise TypeError(f"starmap expected 2 arguments, got {len(args)}")
    return _starmap(args[0], iter(args[1]))


def _starmap(function, it):
    for arguments in it:
        yield function(*tuple(arguments))


class _TeeCell:
    """One position in the input shared by a family of tee iterators."""

    def __init__(self):
        self.filled = False
        self.value = None
        self.next = None


class _tee:
    """An iterator over a shared input; see tee()."""

    def __init__(self, source, cell):
        self._source = source
        self._cell = cell

    def __iter__(self):
        return self

    def __next__(self):
        cell = self._cell
        if not cell.filled:
            cell.value = next(self._source)
            cell.filled = True
            cell.next = _TeeCell()
        self._cell = cell.next
        return cell.value

    def __copy__(self):
        return _tee(self._source, self._cell)


def tee(iterable, n=2):
    if n < 0:
        raise ValueError("n must be >= 0")
    if n == 0:
        return ()
    it = iter(iterable)
    # A copyable iterator (such as one returned by tee) is used as the first result.
    first = it if hasattr(it, "__copy__") else _tee(it, _TeeCell())
    return tuple([first] + [first.__copy__() for _ in range(n - 1)])


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _zip_longest(iterators, fillvalue):
    if not iterators:
        return
    active = len(iterators)
    done = [False] * len(iterators)
    while True:
        row = []
        for i, it in enumerate(iterators):
            if done[i]:
                row.append(fillvalue)
                continue
            try:
                row.append(next(it))
            except StopIteration:
                done[i] = True
                active -= 1
                if not active:
                    return
                row.append(fillvalue)
        yield tuple(row)


# ---------------------------------------------------------------------------
# Combinatoric iterators

def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(iterable) for iterable in iterables] * repeat
    return _product(pools)


def _product(pools):
    if any(len(pool) == 0 for pool in pools):
        return
    indices = [0] * len(pools)
    while True:
        yield tuple(pool[i] for pool, i in zip(pools, indices))
        # Advance the odometer from the right.
        position = len(pools) - 1
        while position >= 0:
            indices[position] += 1
            if indices[position] < len(pools[position]):
                break
            indices[position] = 0
            position -= 1
        if position < 0:
            return


def _check_r(r, required_name=None):
    if r is _MISSING:
        raise TypeError(f"{required_name}() missing required argument 'r' (pos 2)")
    if not isinstance(r, int):
        raise TypeError("Expected int as r")
    if r < 0:
        raise ValueError("r must be non-negative")


def permutations(iterable, r=None):
    pool = tuple(iterable)
    if r is None:
        r = len(pool)
    _check_r(r)
    return _permutations(pool, r)


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    while True:
        yield tuple(pool[i] for i in indices)
        # Find the next index sequence (distinct indices) in lexicographic order.
        position = r - 1
        while position >= 0:
            used = set(indices[:position])
            candidate = indices[position] + 1
            while candidate < n and candidate in used:
                candidate += 1
            if candidate < n:
                indices[position] = candidate
                used.add(candidate)
                free = (i for i in range(n) if i not in used)
                for j in range(position + 1, r):
                    indices[j] = next(free)
                break
            position -= 1
        if position < 0:
            return


def combinations(iterable, r=_MISSING):
    _check_r(r, "combinations")
    return _combinations(tuple(iterable), r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    while True:
        yield tuple(pool[i] for i in indices)
        position = r - 1
        while position >= 0 and indices[position] == n - r + position:
            position -= 1
        if position < 0:
            return
        indices[position] += 1
        for j in range(position + 1, r):
            indices[j] = indices[j - 1] + 1


def combinations_with_replacement(iterable, r=_MISSING):
    _check_r(r, "combinations_with_replacement")
    return _combinations_with_replacement(tuple(iterable), r)


def _combinations_with_replacement(pool, r):
    n = len(pool)
    if n == 0 and r > 0:
        return
    indices = [0] * r
    while True:
        yield tuple(pool[i] for i in indices)
        position = r - 1
        while position >= 0 and indices[position] == n - 1:
            position -= 1
        if position < 0:
            return
        value = indices[position] + 1
        for j in range(position, r):
            indices[j] = value
