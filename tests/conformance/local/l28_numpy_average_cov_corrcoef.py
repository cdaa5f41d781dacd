# numpy: average, cov, corrcoef
import numpy as np
x = np.array([1.0, 2.0, 4.0, 7.0])
y = np.array([2.0, 3.0, 5.0, 11.0])
print(np.average(x), np.average(x, weights=[1, 2, 3, 4]), np.average([[1, 2], [3, 4]], axis=0, weights=[1, 3]))
print(np.average(x, returned=True))
print(np.cov(x, y))
print(np.cov(np.stack([x, y]), bias=True))
print(np.cov(x))
print(np.corrcoef(x, y))
print(np.corrcoef(np.array([[1, 2, 3], [3, 1, 2], [2, 4, 6]]), rowvar=False))
print(round(float(np.corrcoef(x, y)[0, 1]), 6))
