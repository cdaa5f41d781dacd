# np.random.default_rng: PCG64 through SeedSequence, and Generator's draws.
import numpy as np

for seed in [0, 42, 2**40 + 3, [1, 2, 3]]:
    rng = np.random.default_rng(seed)
    print(rng.random(3))
    print(rng.integers(0, 10, size=5), rng.integers(5), rng.integers(-3, 3, size=(2, 2), endpoint=True))
    print(rng.integers(0, 2**40, size=3), rng.integers(1, 7))
    print(rng.uniform(-1, 1, size=2), rng.uniform())
    print(rng.standard_normal(4))
    print(rng.normal(3.0, 0.5, size=3), rng.normal())
    print(rng.random(4, dtype=np.float32))
    print(rng.choice(7, size=4), rng.choice([10, 20, 30]))
    print(rng.permutation(6), rng.permutation(np.arange(8).reshape(4, 2)))
    a = np.arange(5)
    rng.shuffle(a)
    print(a)
    items = [1, 2, 3, 4]
    rng.shuffle(items)
    print(items)

rng = np.random.default_rng(7)
x = rng.standard_normal(100000)
print(x[::9973])
X = rng.random((256, 10)).astype("float32")
print(X.shape, X.dtype, X[0, :3])
print(np.random.default_rng(rng) is rng)
try:
    np.random.default_rng(-1)
except ValueError as e:
    print("ValueError:", e)
try:
    rng.integers(5, 5)
except ValueError as e:
    print("ValueError:", e)
