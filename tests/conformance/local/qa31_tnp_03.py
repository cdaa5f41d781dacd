# tnp03: binary arithmetic (add..power, floor_divide/mod) incl. mixing with Python scalars and np.ndarray
import numpy as np
import tensorflow.experimental.numpy as tnp


def show(name, x):
    print(name, type(x).__name__, x.dtype, x.shape)
    print(x)


a = tnp.array([7, -7, 8, 3])
b = tnp.array([2, 2, -3, 3])
show("add", tnp.add(a, b))
show("subtract", tnp.subtract(a, b))
show("multiply", tnp.multiply(a, b))
show("divide int/int", tnp.divide(a, b))
show("true_divide", tnp.true_divide(a, b))
show("floor_divide", tnp.floor_divide(a, b))
show("mod", tnp.mod(a, b))
show("remainder", tnp.remainder(a, b))
show("power int", tnp.power(a, 2))
show("power float exp", tnp.power(a, 0.5))
f = tnp.array([1.5, -2.5, 4.0])
show("float + int scalar", tnp.add(f, 1))
show("int + float scalar", tnp.add(a, 1.5))
show("int * python int", tnp.multiply(a, 3))
show("operator a + b", a + b)
show("operator a / b", a / b)
show("operator a // b", a // b)
show("operator a % b", a % b)
show("operator a ** 2", a ** 2)
show("operator -a", -a)
show("operator 1 + f", 1 + f)
n32 = np.array([1.0, 2.0, 3.0], dtype=np.float32)
show("tnp float64 + np float32", tnp.add(f, n32))
show("np float32 via tnp.multiply(n32, 2)", tnp.multiply(n32, 2))
r = n32 + tnp.array([1.0, 1.0, 1.0], dtype=tnp.float32)
print("np + tnp type:", type(r).__name__, r.dtype)
print(r)
i32 = tnp.array([1, 2, 3], dtype=tnp.int32)
show("int32 + int64 scalar 5", tnp.add(i32, 5))
show("int32 + float32 array", tnp.add(i32, tnp.array([0.5, 0.5, 0.5], dtype=tnp.float32)))
show("float32 + python float", tnp.add(n32, 0.1))
show("divide by zero float", tnp.divide(tnp.array([1.0, -1.0, 0.0]), 0.0))
try:
    tnp.floor_divide(tnp.array([5]), tnp.array([0]))
except Exception as e:
    print("int floor_divide by zero:", type(e).__name__, e)
show("bool + bool", tnp.add(tnp.array([True, False]), tnp.array([True, True])))
show("list + list via tnp.add", tnp.add([1, 2], [3, 4]))
