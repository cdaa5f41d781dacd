# How notebooks fill and edit arrays: one-hot labels, normalisation in place, masks,
# shuffling with a permutation, train/test splits and channel flips.
import numpy as np

np.random.seed(0)
labels = np.random.randint(0, 4, size=10)
one_hot = np.zeros((labels.size, 4), dtype=np.float32)
one_hot[np.arange(labels.size), labels] = 1
print(labels)
print(one_hot)

X = np.random.rand(8, 3) * 10
X[:, 0] -= X[:, 0].mean()
X[:, 1] /= X[:, 1].max()
X[X[:, 2] > 5, 2] = 5.0
print(X.round(3))

perm = np.random.permutation(len(X))
X_shuffled = X[perm]
train, test = X_shuffled[:6], X_shuffled[6:]
print(perm, train.shape, test.shape)
train[0] = 0
print(X_shuffled[0], X[perm[0]].round(3))

img = np.arange(2 * 3 * 3).reshape(2, 3, 3)
bgr = img[:, :, ::-1]
print(bgr[0], bgr.flags['C_CONTIGUOUS'], bgr.base is img)
img[..., 0] = 100
print(bgr[1])

grid = np.zeros((4, 4), dtype=int)
grid[1:3, 1:3] = np.array([[1, 2], [3, 4]])
grid[[0, 3], :] = -1
grid[:, 0] += 10
print(grid)
print(grid[grid < 0].sum(), (grid == -1).sum(), grid[np.where(grid > 1)])

seq = np.array([5, 3, 8, 1])
order = np.argsort(seq)
seq[order[:2]] = 0
print(seq, seq[[True, False, True, False]])
m = np.arange(24).reshape(2, 3, 4)
print(m[0, :, [0, 1]])
print(m[:, [0, 2], 1:3].shape, m[[0, 1], [1, 2]].shape, m[..., [True, False, True, False]].shape)
counts = np.zeros(3, dtype=np.int64)
counts[[0, 0, 1]] += 1
print(counts)
w = np.ones((2, 2), dtype=np.float32)
w *= 0.5
w -= np.array([0.25, 0.0], dtype=np.float32)
print(w, w.dtype)
b = np.array([True, False])
b |= np.array([False, False])
print(b, ~b, np.array([6, 3]) & 5, np.array([1, 2]) | 4, np.array([3]) ^ np.array([1]))
