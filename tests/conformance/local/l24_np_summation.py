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
# Sums start from 0.0: empty and negative-zero sums are 0.0.
print(repr(np.sum(np.array([-0.0]))), repr(np.array([[-0.0, -0.0]]).sum(axis=0)), repr(np.ones((2, 0)).sum()))
print(repr(np.zeros((3, 0)).sum(axis=1)), repr(np.sum(np.array([], dtype=np.float32))))
print(np.argmax([1.0, np.nan, 3.0]), np.argmin(np.array([[2, 1], [0, 5]]), axis=0))
