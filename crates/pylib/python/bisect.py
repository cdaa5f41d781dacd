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
    k = x if key is None else key(x)
    a.insert(bisect_right(a, k, lo, hi, key=key), x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    k = x if key is None else key(x)
    a.insert(bisect_left(a, k, lo, hi, key=key), x)


# The short names are the "right" variants.
bisect = bisect_right
insort = insort_right
