import numpy as np
a = np.arange(12).reshape(3, 4)
b = a[1]
b[:] = 7
print(a)
a[0, ::2] = -1
print(a)
a[a > 6] = 0
print(a)
print(a[[0, 2]], a[:, [1, 3]], a[[0, 1], [1, 2]])
c = a.T
c[0, 0] = 99
print(a[0, 0], c.base is a, a.base)
x = np.zeros(5)
x += 1
x[1:3] *= 10
print(x)
y = np.zeros((3, 3))
for i in range(3):
    y[i, i] = i + 1
    y[i] += 0.5
print(y)
for row in y:
    row[0] = -1
print(y)
i = np.array([1, 1, 2])
z = np.zeros(4); z[i] = [1, 2, 3]; print(z)
m = np.arange(6).reshape(2, 3)
print(m[0, :, None].shape, m[..., 1], m[None, 1:].shape, m[-1, -1])
print(np.matmul(m, m.T), m @ m.T, np.dot([1, 2, 3], [4, 5, 6]), m.dot(np.ones(3)))
print(np.cumsum(m), np.cumsum(m, axis=0), m.cumsum(1), np.cumprod([1, 2, 3, 4]))
print(np.eye(3), np.repeat([1, 2], 3), np.tile([1, 2], (2, 2)), np.flip(m), np.roll(np.arange(5), 2))
print(m.argmax(), m.argmax(axis=1), m.flatten(), m.ravel(), m.std(), m.any(), m.prod(), m.clip(1, 4))
print(np.isnan(np.array([1.0, np.nan])), np.log10(100.0), np.log2(np.array([1, 8])), np.count_nonzero(m))
s = np.array([3, 1, 2]); s.sort(); print(s)
f = np.zeros(3); f.fill(2.5); print(f)
try:
    k = np.arange(3); k += 1.5
except TypeError as e:
    print(type(e).__name__, e)
print(m.flags['C_CONTIGUOUS'], m.T.flags['C_CONTIGUOUS'], m.T.flags.f_contiguous, m.strides, m.T.strides)
print(np.argwhere(m > 2), np.outer([1, 2], [3, 4]), np.trace(np.eye(3)), np.diagonal(m))
