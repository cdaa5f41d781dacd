# expect: OverflowError | exit 0
# Complex powers and parsing at the limits of floats.
import cmath
z = complex('1' * 100000 + 'e-99999+' + '9' * 5000 + 'j')
print(z, cmath.sqrt(complex(1e308, 1e308)), cmath.log(complex(5e-324, 5e-324)))
print((1 + 1j) ** 10**18)
