# expect: RuntimeError: instruction budget | MemoryError
import numpy as np
a = np.ones((1000, 1000))
while True:
    b = a + a
