# expect: MemoryError | ValueError | ResourceExhaustedError
import numpy as np
x = np.zeros((10**5, 10**5))
print(x.shape)
