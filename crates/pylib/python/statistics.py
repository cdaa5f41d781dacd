"""Statistics of numeric data: averages (``mean``, ``fmean``, ``median``, ``mode``) and
spread (``stdev``, ``variance`` and their population forms).

As in CPython, sums are exact (fractions) and rounded once at the end, and a result has the
type of the data: ints give an int where the exact result is whole, any float gives a float.
"""

import math
from fractions import Fraction

__all__ = [
    "NormalDist", "StatisticsError", "fmean", "geometric_mean", "mean", "harmonic_mean",
    "pstdev", "pvariance", "stdev", "variance", "median", "median_low", "median_high",
    "median_grouped", "mode", "multimode", "quantiles",
]


class StatisticsError(ValueError):
    pass


def _coerce(kind, value_type):
    """The result type of data of ``kind`` so far and a value of ``value_type``."""
    if value_type is bool:
        value_type = int
    if kind is value_type:
        return kind
    if kind is int:
        return value_type
    if value_type is int:
        return kind
    if issubclass(kind, value_type):
        return kind
    if issubclass(value_type, kind):
        return value_type
    if kind is float or value_type is float:
        return float if {kind, value_type} <= {float, Fraction} else None
    return None


def _exact_sum(data):
    """``(result type, exact sum or a non-finite float, count)``."""
    kind = int
    total = Fraction(0)
    special = None
    count = 0
    for x in data:
        value_type = type(x)
        new_kind = _coerce(kind, value_type)
        if new_kind is None:
            raise TypeError("can't convert type '%s' to numerator/denominator"
                            % value_type.__name__)
        kind = new_kind
        count += 1
        if isinstance(x, float) and not math.isfinite(x):
            special = x if special is None else special + x
            continue
        total += Fraction(x)
    return kind, (special if special is not None else total), count


def _convert(value, kind):
    """An exact result in the data's type (a whole int, else a float for int data)."""
    if isinstance(value, float):
        return value
    if kind is int:
        if value.denominator == 1:
            return int(value.numerator)
        kind = float
    if kind is float:
        return float(value)
    if kind is Fraction:
        return value
    return kind(value)


def mean(data):
    """The arithmetic mean, exact and rounded once."""
    data = list(data)
    kind, total, n = _exact_sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    if isinstance(total, float):
        return total
    return _convert(total / n, kind)


def fmean(data, weights=None):
    """The mean as a float."""
    data = list(data)
    if weights is None:
        n = len(data)
        if not n:
            raise StatisticsError("fmean requires at least one data point")
        return math.fsum(data) / n
    weights = list(weights)
    if len(weights) != len(data):
        raise StatisticsError("data and weights must be the same length")
    total = math.fsum(weights)
    if not total:
        raise StatisticsError("sum of weights must be non-zero")
    return math.fsum(x * w for x, w in zip(data, weights)) / total


def geometric_mean(data):
    """The geometric mean, as a float."""
    try:
        return math.exp(fmean([math.log(x) for x in data]))
    except ValueError:
        raise StatisticsError("geometric mean requires a non-empty dataset containing "
                              "positive numbers") from None


def harmonic_mean(data, weights=None):
    """The harmonic mean."""
    data = list(data)
    if not data:
        raise StatisticsError("harmonic_mean requires at least one data point")
    if len(data) == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float, Fraction)):
            if x < 0:
                raise StatisticsError("harmonic mean does not support negative values")
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * len(data)
    else:
        weights = list(weights)
        if len(weights) != len(data):
            raise StatisticsError("Number of weights does not match data size")
    if any(x < 0 for x in data) or any(w < 0 for w in weights):
        raise StatisticsError("harmonic mean does not support negative values")
    if any(x == 0 for x in data):
        return 0
    # As CPython: the reciprocals are computed in the data's arithmetic (floats for ints),
    # then summed exactly.
    kind_w, total_weight, _ = _exact_sum(weights)
    kind, total, _ = _exact_sum([w / x for x, w in zip(data, weights)])
    if isinstance(total, float):
        return total
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    return _convert(Fraction(total_weight) / total, kind)


def median(data):
    """The middle value, or the mean of the two middle values."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2] if n % 2 == 1 else data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    if not data:
        raise StatisticsError("no median for empty data")
    return data[len(data) // 2]


def median_grouped(data, interval=1):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n == 1:
        return data[0]
    x = data[n // 2]
    L = x - interval / 2
    cf = data.index(x)
    f = data.count(x)
    return L + interval * (n / 2 - cf) / f


def mode(data):
    """The most common value (the first seen among equally common ones)."""
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        raise StatisticsError("no mode for empty data")
    best = max(counts.values())
    for x, c in counts.items():
        if c == best:
            return x


def multimode(data):
    """Every most common value, in the order first seen."""
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return [x for x, c in counts.items() if c == best]


def _sum_of_squares(data, center=None):
    """``(result type, exact sum of squared deviations, count)``."""
    data = list(data)
    kind, total, n = _exact_sum(data)
    if isinstance(total, float):
        return kind, total, n
    if n == 0:
        return kind, Fraction(0), 0
    c = total / n if center is None else Fraction(center)
    ss = sum(((Fraction(x) - c) ** 2 for x in data), Fraction(0))
    return kind, ss, n


def _sqrt_round_to_odd(n, m):
    """The integer square root of n/m, its last bit set when inexact (round-to-odd)."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)


def _float_sqrt(value):
    """The square root of a fraction as a correctly rounded float."""
    n, m = value.numerator, value.denominator
    if n == 0:
        return 0.0
    # 109 bits of root (twice a double's precision plus 3) decide the rounding.
    q = (n.bit_length() - m.bit_length() - 109) // 2
    if q >= 0:
        return float(_sqrt_round_to_odd(n, m << (2 * q)) << q)
    return _sqrt_round_to_odd(n << (-2 * q), m) / (1 << -q)


def variance(data, xbar=None):
    """The sample variance (``n - 1`` in the denominator)."""
    kind, ss, n = _sum_of_squares(data, xbar)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    if isinstance(ss, float):
        return ss
    return _convert(ss / (n - 1), kind)


def pvariance(data, mu=None):
    """The population variance (``n`` in the denominator)."""
    kind, ss, n = _sum_of_squares(data, mu)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    if isinstance(ss, float):
        return ss
    return _convert(ss / n, kind)


def stdev(data, xbar=None):
    """The sample standard deviation."""
    kind, ss, n = _sum_of_squares(data, xbar)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    if isinstance(ss, float):
        return math.sqrt(ss)
    return _float_sqrt(ss / (n - 1))


def pstdev(data, mu=None):
    """The population standard deviation."""
    kind, ss, n = _sum_of_squares(data, mu)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    if isinstance(ss, float):
        return math.sqrt(ss)
    return _float_sqrt(ss / n)


def quantiles(data, *, n=4, method="exclusive"):
    """The ``n - 1`` cut points dividing the data into ``n`` equally likely groups."""
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError("must have at least two data points")
    result = []
    if method == "inclusive":
        m = ld - 1
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            result.append((data[j] * (n - delta) + data[j + 1] * delta) / n)
        return result
    if method == "exclusive":
        m = ld + 1
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            result.append((data[j - 1] * (n - delta) + data[j] * delta) / n)
        return result
    raise ValueError("Unknown method: %r" % (method,))


class NormalDist:
    """A normal distribution: ``pdf``, ``cdf``, ``inv_cdf`` and moments."""

    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError("sigma must be non-negative")
        self._mu = float(mu)
        self._sigma = float(sigma)

    @classmethod
    def from_samples(cls, data):
        data = list(data)
        return cls(fmean(data), stdev(data))

    @property
    def mean(self):
        return self._mu

    @property
    def median(self):
        return self._mu

    @property
    def mode(self):
        return self._mu

    @property
    def stdev(self):
        return self._sigma

    @property
    def variance(self):
        return self._sigma ** 2

    def pdf(self, x):
        variance = self._sigma ** 2
        if not variance:
            raise StatisticsError("pdf() not defined when sigma is zero")
        diff = x - self._mu
        return math.exp(diff * diff / (-2.0 * variance)) / math.sqrt(math.tau * variance)

    def cdf(self, x):
        if not self._sigma:
            raise StatisticsError("cdf() not defined when sigma is zero")
        return 0.5 * (1.0 + math.erf((x - self._mu) / (self._sigma * math.sqrt(2.0))))

    def __repr__(self):
        return "%s(mu=%r, sigma=%r)" % (type(self).__name__, self._mu, self._sigma)
