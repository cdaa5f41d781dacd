# NumPy's abstract scalar types and np.issubdtype, as data-preparation code checks dtypes.
import numpy as np
a = np.zeros(3, dtype=np.float32)
print(np.issubdtype(a.dtype, np.floating), np.issubdtype(a.dtype, np.integer), np.issubdtype(np.int64, np.integer))
print(np.issubdtype(np.dtype("int32"), np.signedinteger), np.issubdtype(np.uint8, np.unsignedinteger), np.issubdtype(np.float64, np.number))
print(np.issubdtype(np.float32, np.float32), np.issubdtype(np.float32, np.float64), np.issubdtype(np.bool_, np.number))
print(isinstance(np.float32(1.5), np.floating), isinstance(np.int64(3), np.integer), isinstance(3, np.integer), isinstance(1.5, np.floating))
print(isinstance(np.float64(2.0), np.number), isinstance(a, np.generic), isinstance(a[0], np.generic))
print(issubclass(np.float32, np.floating), issubclass(np.int8, np.floating), issubclass(np.integer, np.number))
x = np.arange(4)
print([isinstance(v, np.integer) for v in x[:2]], np.issubdtype(x.dtype, np.integer))
