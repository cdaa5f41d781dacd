"""Rational numbers: ``Fraction(3, 4)``, exact arithmetic, and hashes equal to those of the
equal ints and floats."""

import math

__all__ = ["Fraction"]

_HASH_MODULUS = (1 << 61) - 1
_HASH_INF = 314159


def _parse(text):
    """``(numerator, denominator)`` of a fraction's text: ``'3/4'``, ``'-1.25'``, ``'2e-3'``."""
    s = text.strip().replace("_", "")
    if not s:
        raise ValueError("Invalid literal for Fraction: %r" % text)
    if "/" in s:
        num, _, den = s.partition("/")
        num, den = num.strip(), den.strip()
        if not (num.lstrip("+-").isdigit() and den.isdigit()):
            raise ValueError("Invalid literal for Fraction: %r" % text)
        return int(num), int(den)
    sign = 1
    if s[0] in "+-":
        sign = -1 if s[0] == "-" else 1
        s = s[1:]
    mantissa, exp = s, 0
    for marker in "eE":
        if marker in s:
            mantissa, _, exp_text = s.partition(marker)
            if not exp_text.lstrip("+-").isdigit():
                raise ValueError("Invalid literal for Fraction: %r" % text)
            exp = int(exp_text)
            break
    whole, _, frac = mantissa.partition(".")
    if not (whole + frac).isdigit():
        raise ValueError("Invalid literal for Fraction: %r" % text)
    num = int(whole + frac)
    den = 10 ** len(frac)
    if exp >= 0:
        num *= 10 ** exp
    else:
        den *= 10 ** -exp
    return sign * num, den


class Fraction:
    """A rational number, always in lowest terms with a positive denominator."""

    __slots__ = ("_numerator", "_denominator")

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int or isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if isinstance(numerator, float):
                numerator, denominator = numerator.as_integer_ratio()
            elif isinstance(numerator, str):
                numerator, denominator = _parse(numerator)
            elif hasattr(numerator, "as_integer_ratio"):
                numerator, denominator = numerator.as_integer_ratio()
            else:
                raise TypeError("argument should be a string or a Rational instance")
        elif isinstance(numerator, int) and isinstance(denominator, int):
            pass
        elif isinstance(numerator, (int, Fraction)) and isinstance(denominator, (int, Fraction)):
            n1, d1 = _pair(numerator)
            n2, d2 = _pair(denominator)
            numerator, denominator = n1 * d2, d1 * n2
        else:
            raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        g = math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = int(numerator) // g
        self._denominator = int(denominator) // g
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)"
                            % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        return cls(str(dec))

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def as_integer_ratio(self):
        return self._numerator, self._denominator

    def is_integer(self):
        return self._denominator == 1

    def limit_denominator(self, max_denominator=1000000):
        """The closest fraction with a denominator at most ``max_denominator``."""
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1)
        return Fraction(p0 + k * p1, q0 + k * q1)

    def __repr__(self):
        return "%s(%s, %s)" % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return "%s/%s" % (self._numerator, self._denominator)

    def _binary(self, other, op, reflected=False):
        if isinstance(other, (int, Fraction)):
            a, b = (Fraction(other), self) if reflected else (self, Fraction(other))
            return op(a, b)
        if isinstance(other, float):
            x, y = (other, float(self)) if reflected else (float(self), other)
            return _float_ops[op](x, y)
        return NotImplemented

    def __add__(self, other):
        return self._binary(other, _add)

    def __radd__(self, other):
        return self._binary(other, _add, True)

    def __sub__(self, other):
        return self._binary(other, _sub)

    def __rsub__(self, other):
        return self._binary(other, _sub, True)

    def __mul__(self, other):
        return self._binary(other, _mul)

    def __rmul__(self, other):
        return self._binary(other, _mul, True)

    def __truediv__(self, other):
        return self._binary(other, _div)

    def __rtruediv__(self, other):
        return self._binary(other, _div, True)

    def __floordiv__(self, other):
        return self._binary(other, _floordiv)

    def __rfloordiv__(self, other):
        return self._binary(other, _floordiv, True)

    def __mod__(self, other):
        return self._binary(other, _mod)

    def __rmod__(self, other):
        return self._binary(other, _mod, True)

    def __divmod__(self, other):
        return self._binary(other, _divmod)

    def __pow__(self, other):
        if isinstance(other, int) or (isinstance(other, Fraction) and other._denominator == 1):
            power = int(other)
            if power >= 0:
                return Fraction(self._numerator ** power, self._denominator ** power)
            if self._numerator == 0:
                raise ZeroDivisionError("Fraction(%s, 0)" % (self._denominator ** -power))
            return Fraction(self._denominator ** -power, self._numerator ** -power)
        return float(self) ** float(other)

    def __rpow__(self, other):
        if self._denominator == 1 and self._numerator >= 0:
            return other ** self._numerator
        if isinstance(other, int):
            return Fraction(other) ** self
        return other ** float(self)

    def __pos__(self):
        return Fraction(self._numerator, self._denominator)

    def __neg__(self):
        return Fraction(-self._numerator, self._denominator)

    def __abs__(self):
        return Fraction(abs(self._numerator), self._denominator)

    def __int__(self):
        if self._numerator < 0:
            return -(-self._numerator // self._denominator)
        return self._numerator // self._denominator

    __trunc__ = __int__

    def __floor__(self):
        return self._numerator // self._denominator

    def __ceil__(self):
        return -(-self._numerator // self._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            if remainder * 2 > self._denominator:
                return floor + 1
            return floor if floor % 2 == 0 else floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __float__(self):
        return self._numerator / self._denominator

    def __bool__(self):
        return self._numerator != 0

    def __hash__(self):
        dinv = pow(self._denominator, _HASH_MODULUS - 2, _HASH_MODULUS)
        if not dinv:
            hash_ = _HASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(self, other):
        if isinstance(other, Fraction):
            return (self._numerator == other._numerator
                    and self._denominator == other._denominator)
        if isinstance(other, int):
            return self._denominator == 1 and self._numerator == other
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return False
            return self == Fraction(other)
        return NotImplemented

    def _compare(self, other, op):
        if isinstance(other, (int, Fraction)):
            other = Fraction(other)
            return op(self._numerator * other._denominator, other._numerator * self._denominator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return self._compare(Fraction(other), op)
        return NotImplemented

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _pair(x):
    if isinstance(x, Fraction):
        return x._numerator, x._denominator
    return int(x), 1


def _add(a, b):
    return Fraction(a._numerator * b._denominator + b._numerator * a._denominator,
                    a._denominator * b._denominator)


def _sub(a, b):
    return Fraction(a._numerator * b._denominator - b._numerator * a._denominator,
                    a._denominator * b._denominator)


def _mul(a, b):
    return Fraction(a._numerator * b._numerator, a._denominator * b._denominator)


def _div(a, b):
    if b._numerator == 0:
        raise ZeroDivisionError("Fraction(%s, 0)" % (a._numerator * b._denominator))
    return Fraction(a._numerator * b._denominator, a._denominator * b._numerator)


def _floordiv(a, b):
    return (a._numerator * b._denominator) // (a._denominator * b._numerator)


def _mod(a, b):
    d = a._denominator * b._denominator
    return Fraction((a._numerator * b._denominator) % (b._numerator * a._denominator), d)


def _divmod(a, b):
    return _floordiv(a, b), _mod(a, b)


_float_ops = {
    _add: lambda x, y: x + y,
    _sub: lambda x, y: x - y,
    _mul: lambda x, y: x * y,
    _div: lambda x, y: x / y,
    _floordiv: lambda x, y: x // y,
    _mod: lambda x, y: x % y,
    _divmod: lambda x, y: divmod(x, y),
}
