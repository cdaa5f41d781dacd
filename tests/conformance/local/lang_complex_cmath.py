import cmath, math
z = 3 + 4j
w = complex(1, -2)
print(z, w, repr(z), type(z), 1j, -1j, 0j, -0j, complex(-0.0, -1), complex(1.5, 0), complex(1e20, 1e-5))
print(z + w, z - w, z * w, z / w, z ** 2, z ** -1, z ** 0.5, 2 ** z, z ** w, abs(z), -z, +z)
print(z.real, z.imag, z.conjugate(), z == 3 + 4j, (1 + 0j) == 1, 1 == 1 + 0j, 2.0 == 2 + 0j, z != w)
print(hash(1 + 0j) == hash(1), hash(2.5 + 0j) == hash(2.5), hash(z), {1j: 'a'}[1j], bool(0j), bool(1j))
print(complex('1+2j'), complex(' (3-4.5e-2j) '), complex('j'), complex('-j'), complex('1e3'), complex('inf+nanj'), complex('1_000+2j'))
print(complex(1j, 1j), complex(2), complex(), complex(real=1, imag=2), complex(True))
for bad in ["complex('1+2')", "complex('abc')", "complex('1', 2)", "1j // 2", "1j % 2", "1j < 2j", "int(1j)", "float(1j)", "1j / 0", "0j ** -1", "complex([])", "round(1j)", "complex(1, '2')"]:
    try:
        print(eval(bad))
    except Exception as e:
        print(bad, type(e).__name__, e)
print(format(z, '.2f'), format(z, ''), format(z, '>20'), format(w, '+.3e'), f"{z:.3g}", f"{1j:.1f}", format(z, '^20.1f'), format(-0.5j, ''), format(z, '.2'))
print(cmath.sqrt(-1), cmath.sqrt(z), cmath.exp(1j * cmath.pi), cmath.log(z), cmath.log(z, 2), cmath.log10(z), cmath.phase(-1), cmath.polar(z), cmath.rect(2, cmath.pi / 2))
print(cmath.sin(z), cmath.cos(z), cmath.tan(w), cmath.sinh(w), cmath.cosh(w), cmath.tanh(z))
print(cmath.asin(z), cmath.acos(z), cmath.atan(z), cmath.asinh(w), cmath.acosh(w), cmath.atanh(w))
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isnan(complex('nan')), cmath.isinf(cmath.infj), cmath.isfinite(z), cmath.inf, cmath.nanj)
print(sum([1j, 2, 3.5]), [x * 1j for x in range(3)], (1 + 2j) * 2, 2 / (1 + 1j), pow(z, 2), z.__abs__())
print(isinstance(z, complex), complex.__name__, str(z), f"{z}", [z], (z,), {'k': z})
roots = [cmath.exp(2j * cmath.pi * k / 5) for k in range(5)]
print([round(r.real, 6) for r in roots], abs(sum(roots)) < 1e-12)
try:
    cmath.log(0)
except ValueError as e:
    print("ValueError", e)
