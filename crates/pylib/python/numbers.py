"""Numeric abstract base classes (PEP 3141), as CPython's `numbers`: `Number`, `Complex`,
`Real`, `Rational` and `Integral`, with the built-in numbers registered, so that
`isinstance(x, numbers.Real)` is true of `int`, `float` and `bool` (and, once NumPy
registers them, of NumPy's scalars)."""

from abc import ABCMeta

__all__ = ["Number", "Complex", "Real", "Rational", "Integral"]


class Number(metaclass=ABCMeta):
    """All numbers."""
    __slots__ = ()
    __hash__ = None


class Complex(Number):
    """Numbers with `real`, `imag`, arithmetic and `abs`."""
    __slots__ = ()


class Real(Complex):
    """Ordered numbers: `int`, `float` and `bool`."""
    __slots__ = ()


class Rational(Real):
    """Ratios of integers."""
    __slots__ = ()


class Integral(Rational):
    """Integers: `int` and `bool`."""
    __slots__ = ()


Complex.register(complex)
Real.register(float)
Integral.register(int)
