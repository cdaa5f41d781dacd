import numpy as np

# The legacy global generator, seeded, as TensorFlow's tutorials make their data.
np.random.seed(42)
print(np.random.rand(3))
print(np.random.rand(2, 3))
print(np.random.randn(4))
print(np.random.randn(2, 2))
print(np.random.randint(0, 10, size=5))
print(np.random.randint(5, size=(2, 3)))
print(np.random.randint(100))
print(type(np.random.randint(100)).__name__)
print(np.random.normal(size=3))
print(np.random.normal(2.0, 0.5, size=(2, 2)))
print(np.random.uniform(-1, 1, size=4))
print(np.random.uniform())
print(np.random.random((2, 2)))
print(np.random.random())
print(np.random.choice(5, 3))
print(np.random.choice([10, 20, 30], size=4))
print(np.random.choice(10, 4, replace=False))
print(np.random.permutation(6))
print(np.random.permutation([1, 2, 3, 4]))
items = np.arange(8)
np.random.shuffle(items)
print(items)
np.random.seed(0)
x = np.random.rand(1024, 64).astype(np.float32)
print(x.shape, x.dtype, x[0, :3], x[-1, -2:])
print(np.random.randn(3).dtype, np.random.randint(0, 3, 4).dtype)
print(np.random.randint(-5, 5, size=6))
print(np.random.randint(0, 2**40, size=2))
np.random.seed(2**32 - 1)
print(np.random.rand())
rng = np.random.RandomState(7)
print(rng.rand(2), rng.randn(), rng.randint(3, 9, 4))
for bad in (-1, 2**32):
    try:
        np.random.seed(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.random.randint(5, 5)
except ValueError as e:
    print("ValueError:", e)
try:
    np.random.choice(3, 5, replace=False)
except ValueError as e:
    print("ValueError:", e)
np.random.seed(3)
print(np.random.choice(5, 3, p=[0.1, 0.2, 0.3, 0.2, 0.2]))
print(np.random.choice([7, 8, 9], 2, replace=False, p=[0.5, 0.25, 0.25]))
print(np.random.choice(4, size=(2, 2), replace=False, p=[0.4, 0.3, 0.2, 0.1]))
print(np.random.choice([1.5, 2.5]), np.random.choice(7))
rows = np.arange(12).reshape(4, 3)
np.random.shuffle(rows)
print(rows)
letters = ["a", "b", "c", "d", "e"]
np.random.shuffle(letters)
print(letters)
print(np.random.permutation(np.arange(6).reshape(3, 2)))
print(np.random.standard_normal(2), np.random.random_sample(2))
state = np.random.RandomState(seed=[1, 2, 3])
print(state.randint(10, size=3), state.uniform(0, 5))
print(np.arange(6).reshape((2, -1)), np.ones(4).reshape(-1, 1).shape)
try:
    np.arange(6).reshape(4, 2)
except ValueError as e:
    print("ValueError:", e)
