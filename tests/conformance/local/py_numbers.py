# The numeric tower (PEP 3141): built-in and NumPy scalars registered with numbers' ABCs.
import numbers
import numpy as np
print(isinstance(3, numbers.Real), isinstance(2.5, numbers.Integral), isinstance(True, numbers.Number))
print(isinstance(1j, numbers.Real), isinstance(1j, numbers.Complex), isinstance("x", numbers.Number))
print(issubclass(int, numbers.Rational), isinstance(np.float32(1.5), numbers.Real), isinstance(np.int64(3), numbers.Integral))
print(isinstance(np.float64(2), numbers.Integral), issubclass(bool, numbers.Integral), isinstance(None, numbers.Number))
class Meters(numbers.Real):
    pass
print(issubclass(Meters, numbers.Complex), issubclass(Meters, numbers.Integral))
