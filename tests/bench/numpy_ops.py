# Common NumPy operations on 1e6-element float64 arrays, repeated REPEATS times
# (scripts/bench-numpy.sh runs it with 0 and with 50 repeats and reports the difference).
import sys

import numpy as np

REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 50
a = np.random.rand(1000000)
b = np.random.rand(1000000)
for _ in range(REPEATS):
    c = a * b
    d = c + 1.0
    s = d.sum()
    e = np.sqrt(a)
    m = a[a > 0.5]
