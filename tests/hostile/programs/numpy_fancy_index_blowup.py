# expect: MemoryError
# Advanced indices that broadcast to 10^10 picks, and a mask far larger than memory.
import numpy as np
a = np.zeros(100000)
rows = np.arange(100000).reshape(-1, 1)
cols = np.arange(100000)
print(a.reshape(1000, 100)[rows % 1000, cols % 100].shape)
