# np.diff, tril, triu, take, pad (constant, edge), median
import numpy as np
a = np.array([1, 4, 9, 16, 25])
print(np.diff(a), np.diff(a, n=2), np.diff(a, prepend=0), np.diff(a, append=[30, 40]))
m = np.arange(12).reshape(3, 4)
print(np.diff(m, axis=0), np.diff(np.array([True, False, False])))
print(np.tril(m), np.triu(m, 1), np.tril(np.ones((3, 3)), -1))
print(np.take(m, [0, 5]), np.take(m, [2, 0], axis=1), np.take(m, 1, axis=0))
print(np.pad(np.array([1, 2, 3]), 2), np.pad(np.array([1, 2, 3]), (1, 2), constant_values=9))
print(np.pad(m, ((1, 0), (0, 2))), np.pad(np.array([[1, 2], [3, 4]]), 1, mode="edge"))
print(np.pad(np.array([1.5, 2.5]), (2, 1), constant_values=(-1, 7)))
print(np.median([3, 1, 2]), np.median([4, 1, 3, 2]), np.median(m, axis=0), np.median(m, axis=1, keepdims=True))
print(np.median(np.array([1.5, 2.5, 10.0, 4.0])))
for bad in [lambda: np.diff(np.array(3)), lambda: np.diff(a, n=-1), lambda: np.pad(a, -1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
print(np.median(np.array([[1, 2], [3, 4]]), keepdims=True), np.take([[1, 2], [3, 4]], [[0, 1], [1, 0]]))
