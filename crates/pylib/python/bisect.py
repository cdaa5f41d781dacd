"""Bisection algorithms: a pure-Python bisect.

Binary search over a list kept in sorted order, and insertion that keeps it sorted.
Only ``<`` is used for comparisons.  ``key`` (if given) is applied to the list's
elements, not to ``x``, in the bisect functions; the insort functions apply it to ``x``
as well.
"""

__all__ = ["bisect_left", "bisect_right", "insort_left", "insort_right",
           "bisect", "insort"]


def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    return lo, hi


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """Return the index where to insert item x in list a, assuming a is sorted.

    The return value i is such that all e in a[:i] have e <= x, and all e in
    a[i:] have e > x.  So if x already appears in the list, a.insert(i, x) will
    insert just after the rightmost x already there.

    Optional args lo (default 0) and hi (default len(a)) bound the
    slice of a to be searched.
    """
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        probe = a[mid] if key is None else key(a[mid])
        if x < probe:
            hi = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """Return the index where to insert item x in list a, assuming a is sorted.

    The return value i is such that all e in a[:i] have e < x, and all e in
    a[i:] have e >= x.  So if x already appears in the list, a.insert(i, x) will
    insert just before the leftmost x already there.

    Optional args lo (default 0) and hi (default len(a)) bound the
    slice of a to be searched.
    """
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        probe = a[mid] if key is None else key(a[mid])
        if probe < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    """Insert item x in list a, and keep it sorted assuming a is sorted.

    If x is already in a, insert it to the right of the rightmost x.

    Optional args lo (default 0) and hi (default len(a)) bound the
    slice of a to be searched.
    """
    k = x if key is None else key(x)
    a.insert(bisect_right(a, k, lo, hi, key=key), x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    """Insert item x in list a, and keep it sorted assuming a is sorted.

    If x is already in a, insert it to the left of the leftmost x.

    Optional args lo (default 0) and hi (default len(a)) bound the
    slice of a to be searched.
    """
    k = x if key is None else key(x)
    a.insert(bisect_left(a, k, lo, hi, key=key), x)


# The short names are the "right" variants.
bisect = bisect_right
insort = insort_right
