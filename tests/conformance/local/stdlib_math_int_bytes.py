import math
for v, n, o, s in [(1024, 2, 'big', False), (1024, 4, 'little', False), (-1, 2, 'big', True), (255, 1, 'big', False), (0, 0, 'big', False), (-129, 2, 'little', True), (2**70, 10, 'big', False)]:
    print(v.to_bytes(n, o, signed=s), int.from_bytes(v.to_bytes(n, o, signed=s), o, signed=s))
for bad in ["(256).to_bytes(1, 'big')", "(-1).to_bytes(2, 'big')", "(1).to_bytes(2, 'middle')", "(128).to_bytes(1, 'big', signed=True)"]:
    try: eval(bad)
    except Exception as e: print(type(e).__name__, e)
print((5).to_bytes(), int.from_bytes(b'\x00\x10'), int.from_bytes([1, 2], 'little'))
print(math.frexp(8.0), math.frexp(0.0), math.frexp(-3.5), math.frexp(5e-324), math.ldexp(0.5, 4), math.ldexp(1.0, -1074), math.ldexp(1.5, -1075))
print(math.erf(0.5), math.erfc(0.5), math.gamma(5), math.gamma(0.5), math.acosh(2), math.asinh(1), math.atanh(0.5), math.exp2(10))
print(math.nextafter(1.0, 2.0), math.ulp(1.0), math.ulp(0.0), math.remainder(10, 3), math.dist((0, 0), (3, 4)))
for bad in ["math.gamma(0)", "math.lgamma(-2)", "math.ldexp(1.0, 2000)", "math.atanh(1)", "math.acosh(0)", "math.remainder(1, 0)"]:
    try: print(eval(bad))
    except Exception as e: print(type(e).__name__, e)
