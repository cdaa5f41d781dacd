import math

# float.__eq__ is IEEE equality; containers compare items by identity first.
nan = float("nan")
x = nan
print(x != x, x == x, x < x, 1.0 != x, x != 1.0, math.nan != math.nan)
print([x] == [x], x in [x], (x,) == (x,), [nan].count(nan))
print(sorted([3.0, nan, 1.0], key=lambda v: (v != v, v)))
print([v for v in [1.0, nan, 2.0] if v == v])
