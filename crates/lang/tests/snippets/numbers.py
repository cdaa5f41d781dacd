print(7 // 2, -7 // 2, 7 % -3, -7 % 3, 7.5 // 2, -7.5 % 2, 2 ** 100, 2 ** -2, (-2) ** 3, 10 ** 20 // 3)
print(1e308 * 10, -1e308 * 10, float("inf"), float("-inf"), float("nan"), 0.1 + 0.2 == 0.3)
print(round(0.5), round(1.5), round(2.5), round(-0.5), round(3.14159, 3), round(1234, -2), round(1250, -2), round(2.675, 2))
print(int(3.99), int(-3.99), int("0x1f", 16), int("  12  "), int("1_000"), float("1e3"), float(" -2.5 "), int(True))
print(abs(-3), abs(-3.5), divmod(7, 2), divmod(-7, 2), divmod(7.5, 2), pow(2, 10), pow(2, 10, 1000), pow(3, -1, 7) if False else 0)
print(3 == 3.0, 1 == True, hash(1) == hash(1.0) == hash(True), 0.0 == -0.0, 10 / 4, 10 / 5, 2 ** 0.5)
print(1 << 10, 1024 >> 3, -16 >> 2, 5 & 3, 5 | 3, 5 ^ 3, ~5, -(-5), +5)
print(max(1, 2.5), min(-1, -1.5), sum([1, 2.5]), 123456789 * 987654321, 2 ** 64 - 1, -2 ** 63)
print(10 ** 30 / 10 ** 10, 7 / 3, 1 / 7, 100.0, 1e16, 1e15, 12345678912345.678, 0.000001, 0.0000001)
print(isinstance(True, int), isinstance(1, float), type(1 + 1.0).__name__, type(2 ** -1).__name__, bool(0.0), bool(-1))
print(int(1e20), float(10 ** 20), 5 .bit_length(), (255).bit_length(), 3.0.is_integer(), (0.5).as_integer_ratio())
print(1_000_000, 0b1010, 0o17, 0xff, 1.5e3, .5, 5., 3e-4)
import math
print(math.sqrt(16), math.floor(-2.5), math.ceil(2.1), math.pi, math.e, math.gcd(12, 18), math.factorial(10))
print(math.log(math.e), math.log(8, 2), math.log10(1000), math.isclose(0.1 + 0.2, 0.3), math.inf > 10 ** 100, math.hypot(3, 4))
print(math.trunc(-2.7), math.fabs(-3), math.isnan(math.nan), math.comb(5, 2), math.perm(5, 2), math.prod([1, 2, 3, 4]))
x = 10
x += 5; x -= 3; x *= 2; x //= 5; x **= 3; x %= 7
print(x)
y = 2.5
y /= 2
print(y)
print(f"{1/3:.5f}", f"{2/3}", f"{1e-10}", f"{123.456:e}", f"{1e20:f}", f"{0.1:.20f}")
