"""Heap queue algorithm (a.k.a. priority queue): a pure-Python heapq.

A heap is a plain list in which every item ``heap[k]`` is <= ``heap[2*k+1]`` and
``heap[2*k+2]``; ``heap[0]`` is always the smallest item.  Only ``<`` is used to compare
items, so the resulting list layouts are the ones CPython's heapq produces.
"""

__all__ = ["heappush", "heappop", "heapify", "heapreplace", "merge",
           "nlargest", "nsmallest", "heappushpop"]


def _check_list(heap, fname, which="argument 1"):
    if not isinstance(heap, list):
        got = "None" if heap is None else type(heap).__name__
        raise TypeError(f"{fname}() {which} must be list, not {got}")


def _sift_toward_root(heap, root, pos):
    """The item at ``pos`` moves up (toward ``root``) past every parent greater than it."""
    item = heap[pos]
    while pos > root:
        parent = (pos - 1) >> 1
        if item < heap[parent]:
            heap[pos] = heap[parent]
            pos = parent
        else:
            break
    heap[pos] = item


def _sift_toward_leaves(heap, pos):
    """Restore the heap below ``pos``: the hole at ``pos`` descends along the smaller
    children to a leaf, then the displaced item is placed there and bubbles back up.
    (This bottom-up strategy does fewer comparisons than the textbook one.)"""
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_toward_root(heap, start, pos)


def heappush(heap, item):
    _check_list(heap, "heappush")
    heap.append(item)
    _sift_toward_root(heap, 0, len(heap) - 1)


def heappop(heap):
    _check_list(heap, "heappop")
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if not heap:
        return last
    smallest = heap[0]
    heap[0] = last
    _sift_toward_leaves(heap, 0)
    return smallest


def heapreplace(heap, item):
    """Pop and return the current smallest value, and add the new item.

    The returned value may be larger than the item added."""
    _check_list(heap, "heapreplace")
    if not heap:
        raise IndexError("index out of range")
    smallest = heap[0]
    heap[0] = item
    _sift_toward_leaves(heap, 0)
    return smallest


def heappushpop(heap, item):
    _check_list(heap, "heappushpop")
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_toward_leaves(heap, 0)
    return item


def heapify(x):
    _check_list(x, "heapify", "argument")
    for pos in range(len(x) // 2 - 1, -1, -1):
        _sift_toward_leaves(x, pos)


class _Entry:
    """A heap entry for merge(): ordered by key (reversed on request), then by which
    input it came from, so equal keys keep the order of the inputs."""

    def __init__(self, key, order, value, iterator, reverse):
        self.key = key
        self.order = order
        self.value = value
        self.iterator = iterator
        self.reverse = reverse

    def __lt__(self, other):
        if self.reverse:
            first, second = other.key, self.key
        else:
            first, second = self.key, other.key
        if first < second:
            return True
        if second < first:
            return False
        return self.order < other.order


def merge(*iterables, key=None, reverse=False):
    """Merge multiple sorted inputs into a single sorted output.

    Similar to sorted(itertools.chain(*iterables)) but returns a generator, does not
    pull the data into memory all at once, and assumes each input is already sorted
    (smallest to largest, or largest to smallest when reverse is true).
    """
    heap = []
    for order, iterable in enumerate(iterables):
        it = iter(iterable)
        for value in it:
            k = value if key is None else key(value)
            heap.append(_Entry(k, order, value, it, reverse))
            break
    heapify(heap)
    while heap:
        entry = heap[0]
        yield entry.value
        for value in entry.iterator:
            entry.value = value
            entry.key = value if key is None else key(value)
            heapreplace(heap, entry)
            break
        else:
            heappop(heap)


class _Largest:
    """Wraps a (key, index) pair so that a min-heap of these behaves as a max-heap."""

    def __init__(self, key, index, value):
        self.key = key
        self.index = index
        self.value = value

    def __lt__(self, other):
        if other.key < self.key:
            return True
        if self.key < other.key:
            return False
        return other.index < self.index


def nsmallest(n, iterable, key=None):
    if n <= 0:
        return []
    if n == 1:
        missing = object()
        result = min(iterable, default=missing, key=key)
        return [] if result is missing else [result]
    # The heap keeps the n smallest items seen so far; its root is the largest of them.
    heap = []
    for index, value in enumerate(iterable):
        k = value if key is None else key(value)
        if len(heap) < n:
            heappush(heap, _Largest(k, index, value))
        elif k < heap[0].key:
            heapreplace(heap, _Largest(k, index, value))
    heap.sort(reverse=True)
    return [entry.value for entry in heap]


class _Smallest:
    """Orders (key, index) with the smallest key first and, among equal keys, the
    latest index first: the entry nlargest() should drop first."""

    def __init__(self, key, index, value):
        self.key = key
        self.index = index
        self.value = value

    def __lt__(self, other):
        if self.key < other.key:
            return True
        if other.key < self.key:
            return False
        return other.index < self.index


def nlargest(n, iterable, key=None):
    if n <= 0:
        return []
    if n == 1:
        missing = object()
        result = max(iterable, default=missing, key=key)
        return [] if result is missing else [result]
    heap = []
    for index, value in enumerate(iterable):
        k = value if key is None else key(value)
        if len(heap) < n:
            heappush(heap, _Smallest(k, index, value))
        elif heap[0].key < k:
            heapreplace(heap, _Smallest(k, index, value))
    heap.sort(reverse=True)
    return [entry.value for entry in heap]
