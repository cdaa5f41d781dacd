# NumPy sums floats pairwise (and along a non-contiguous axis in order): printed sums and means
# show every bit.
import numpy as np
rng = np.random.RandomState(0)
for n in [5, 8, 13, 100, 128, 129, 1000, 5000, 20000]:
    x = rng.rand(n)
    print(n, repr(np.sum(x)), repr(np.mean(x)), repr(x.sum()))
x32 = rng.rand(1000).astype(np.float32)
print(repr(np.sum(x32)), repr(np.mean(x32)))
m = rng.rand(30, 50)
print(repr(np.sum(m)), np.sum(m, axis=0)[:3].tolist(), np.sum(m, axis=1)[:3].tolist(), np.mean(m, axis=1)[:2].tolist())
print(repr(np.std(m)), repr(np.std(x32)), np.std(m, axis=0)[:2].tolist(), repr(np.var(m)))
print(repr(np.mean(np.arange(10))), repr(np.mean([1, 2, 4])))
