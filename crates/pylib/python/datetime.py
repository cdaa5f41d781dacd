"""Dates, times and durations: a pure-Python datetime module.

The classes are ``date``, ``time``, ``datetime`` (a subclass of ``date``), ``timedelta``,
``tzinfo`` and its fixed-offset implementation ``timezone``.  Dates use the proleptic
Gregorian calendar from year ``MINYEAR`` to ``MAXYEAR``; internally a date is also known by
its ordinal, the day count where 0001-01-01 is day 1.  A ``timedelta`` is kept as
normalised days, seconds (0 <= s < 86400) and microseconds (0 <= us < 10**6).

``now()``, ``today()`` and ``fromtimestamp()`` read the playground's simulated clock
(``time.time()``).  The machine's local time zone is UTC, so naive "local" times are UTC
times.  ``strftime`` formats the way glibc does in the C locale; ``strptime`` understands
the common directives.
"""

import time as _time
import math as _math

__all__ = ["date", "datetime", "time", "timedelta", "timezone", "tzinfo",
           "MINYEAR", "MAXYEAR", "UTC"]

MINYEAR = 1
MAXYEAR = 9999

_DAYS_IN_MONTH = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December")
_US_PER_SECOND = 1_000_000
_US_PER_DAY = 86_400 * _US_PER_SECOND
_MAX_DELTA_DAYS = 999_999_999


# ---------------------------------------------------------------------------
# Calendar arithmetic

def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_year(year):
    """Days from 0001-01-01 up to (not including) January 1st of ``year``."""
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_before_month(year, month):
    days = 0
    for m in range(1, month):
        days += _DAYS_IN_MONTH[m]
    if month > 2 and _is_leap(year):
        days += 1
    return days


def _ymd_to_ordinal(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


_MAX_ORDINAL = _ymd_to_ordinal(MAXYEAR, 12, 31)


def _ordinal_to_ymd(ordinal):
    """(year, month, day) of an ordinal (1 is 0001-01-01)."""
    # Estimate the year from the mean Gregorian year length, then correct it.
    n = ordinal - 1
    cycles400, n = divmod(n, 146097)
    year = cycles400 * 400 + 1
    cycles100, n = divmod(n, 36524)
    cycles4, n = divmod(n, 1461)
    cycles1, n = divmod(n, 365)
    year += cycles100 * 100 + cycles4 * 4 + cycles1
    if cycles1 == 4 or cycles100 == 4:
        # The last day of a leap 4-year or 400-year cycle.
        return year - 1, 12, 31
    month = 1
    while True:
        length = _days_in_month(year, month)
        if n < length:
            return year, month, n + 1
        n -= length
        month += 1


def _weekday_of_ordinal(ordinal):
    """Monday is 0; 0001-01-01 was a Monday."""
    return (ordinal + 6) % 7


def _iso_week1_monday(year):
    jan4 = _ymd_to_ordinal(year, 1, 4)
    return jan4 - _weekday_of_ordinal(jan4)


def _as_int(value):
    """The int a date/time field argument stands for (CPython's message when it is none)."""
    if isinstance(value, int):
        return int(value)
    index = getattr(type(value), "__index__", None)
    if index is None or isinstance(value, float):
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
    return index(value)


def _check_date_fields(year, month, day):
    for position, (name, value) in enumerate((("year", year), ("month", month),
                                              ("day", day)), 1):
        if value is None:
            raise _missing(name, position)
    year, month, day = _as_int(year), _as_int(month), _as_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError(f"year {year} is out of range")
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    if not 1 <= day <= _days_in_month(year, month):
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour, minute = _as_int(hour), _as_int(minute)
    second, microsecond = _as_int(second), _as_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, "
                        f"not type '{type(tz).__name__}'")


def _type_name(obj):
    """How CPython names the type in reprs: 'datetime.date' for ours, the bare name else."""
    cls = type(obj)
    if cls in _OWN_CLASSES:
        return "datetime." + cls.__name__
    return cls.__name__


_PLAIN_OPERANDS = (int, float, bool, type(None), str, bytes, list, tuple, dict, set)
_SEQUENCES = (str, bytes, list, tuple)


def _no_operator(symbol, left, right):
    """For a binary operator our class does not support: raise CPython's TypeError (which
    names our types as 'datetime.date' etc.) when the other operand is a builtin value or
    one of ours that cannot handle it either; else NotImplemented, giving it its turn."""
    for operand in (left, right):
        kind = type(operand)
        if kind not in _PLAIN_OPERANDS and kind not in _OWN_CLASSES:
            return NotImplemented
    if symbol == "*" and (type(left) in _SEQUENCES or type(right) in _SEQUENCES):
        return NotImplemented
    raise TypeError(f"unsupported operand type(s) for {symbol}: '{_type_name(left)}' "
                    f"and '{_type_name(right)}'")


def _missing(name, position):
    return TypeError(f"function missing required argument '{name}' (pos {position})")


def _div_round_half_even(a, b):
    """a / b for ints, rounded to the nearest int, ties to even."""
    q, r = divmod(a, b)
    twice = 2 * r
    if b < 0:
        b, twice = -b, -twice
    if twice > b or (twice == b and q % 2 == 1):
        q += 1
    return q


def _float_ratio(x):
    """Exact (numerator, denominator) of a finite float."""
    return x.as_integer_ratio()


def _c_round(x):
    """C's round(): to the nearest integer, halves away from zero (as a float)."""
    whole = float(int(x))
    if abs(x - whole) >= 0.5:
        whole += 1.0 if x > 0 else -1.0
    return whole


def _format_offset(offset, sep=":"):
    """'+HH:MM[:SS[.ffffff]]' for a timedelta offset ('' for None)."""
    if offset is None:
        return ""
    sign = "+"
    if offset.days < 0:
        sign = "-"
        offset = -offset
    hours, rest = divmod(offset.seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    text = f"{sign}{hours:02d}{sep}{minutes:02d}"
    if seconds or offset.microseconds:
        text += f"{sep}{seconds:02d}"
        if offset.microseconds:
            text += f".{offset.microseconds:06d}"
    return text


def _check_offset(name, offset):
    """Validate what a tzinfo's utcoffset()/dst() returned."""
    if offset is None:
        return None
    if not isinstance(offset, timedelta):
        raise TypeError(f"tzinfo.{name}() must return None or timedelta, "
                        f"not '{type(offset).__name__}'")
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError(f"offset must be a timedelta strictly between -timedelta(hours=24) "
                         f"and timedelta(hours=24), not {offset!r}.")
    return offset


def _check_tzname(name):
    if name is not None and not isinstance(name, str):
        raise TypeError(f"tzinfo.tzname() must return None or a string, "
                        f"not '{type(name).__name__}'")
    return name


# ---------------------------------------------------------------------------
# timedelta

_TIMEDELTA_FACTORS = (("microseconds", 1), ("milliseconds", 1000),
                      ("seconds", _US_PER_SECOND), ("minutes", 60 * _US_PER_SECOND),
                      ("hours", 3600 * _US_PER_SECOND), ("days", _US_PER_DAY),
                      ("weeks", 7 * _US_PER_DAY))


class timedelta:
    """A duration: days, seconds and microseconds, normalised so only days may be negative."""

    __slots__ = ("_days", "_seconds", "_microseconds", "_hashcode")

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0,
                weeks=0):
        given = {"days": days, "seconds": seconds, "microseconds": microseconds,
                 "milliseconds": milliseconds, "minutes": minutes, "hours": hours,
                 "weeks": weeks}
        # Whole microseconds are summed exactly; float fractions of a microsecond are
        # collected separately and rounded once at the end (halves to even).
        total = 0
        leftover = 0.0
        for name, factor in _TIMEDELTA_FACTORS:
            value = given[name]
            if isinstance(value, int):
                total += int(value) * factor
            elif isinstance(value, float):
                whole = float(int(value))
                total += int(whole) * factor
                fraction = value - whole
                if fraction:
                    scaled = factor * fraction
                    scaled_whole = float(int(scaled))
                    total += int(scaled_whole)
                    leftover += scaled - scaled_whole
            else:
                raise TypeError(f"unsupported type for timedelta {name} component: "
                                f"{type(value).__name__}")
        if leftover:
            rounded = _c_round(leftover)
            if abs(rounded - leftover) == 0.5:
                odd = total & 1
                rounded = 2.0 * _c_round((leftover + odd) * 0.5) - odd
            total += int(rounded)
        return cls._from_microseconds(total)

    def __init__(self, *args, **kwargs):
        # Instances are fully built by __new__ (they are immutable values).
        pass

    @classmethod
    def _from_microseconds(cls, total):
        seconds, microseconds = divmod(total, _US_PER_SECOND)
        days, seconds = divmod(seconds, 86400)
        if abs(days) > _MAX_DELTA_DAYS:
            raise OverflowError(f"days={days}; must have magnitude <= {_MAX_DELTA_DAYS}")
        self = object.__new__(cls)
        self._days = days
        self._seconds = seconds
        self._microseconds = microseconds
        self._hashcode = -1
        return self

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def _to_microseconds(self):
        return (self._days * 86400 + self._seconds) * _US_PER_SECOND + self._microseconds

    def total_seconds(self):
        return self._to_microseconds() / 10**6

    def __repr__(self):
        parts = []
        if self._days:
            parts.append(f"days={self._days}")
        if self._seconds:
            parts.append(f"seconds={self._seconds}")
        if self._microseconds:
            parts.append(f"microseconds={self._microseconds}")
        return f"{_type_name(self)}({', '.join(parts) or '0'})"

    def __str__(self):
        minutes, seconds = divmod(self._seconds, 60)
        hours, minutes = divmod(minutes, 60)
        text = f"{hours}:{minutes:02d}:{seconds:02d}"
        if self._microseconds:
            text += f".{self._microseconds:06d}"
        if self._days:
            plural = "" if abs(self._days) == 1 else "s"
            text = f"{self._days} day{plural}, {text}"
        return text

    # Arithmetic -----------------------------------------------------------

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds()
                                                + other._to_microseconds())
        if isinstance(other, date):
            return NotImplemented  # date + timedelta, from date's side
        return _no_operator("+", self, other)

    def __radd__(self, other):
        if isinstance(other, timedelta):
            return self + other
        return _no_operator("+", other, self)

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds()
                                                - other._to_microseconds())
        return _no_operator("-", self, other)

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return other - self
        return _no_operator("-", other, self)

    def __neg__(self):
        return timedelta._from_microseconds(-self._to_microseconds())

    def __pos__(self):
        return timedelta._from_microseconds(self._to_microseconds())

    def __abs__(self):
        return -self if self._days < 0 else +self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_microseconds(self._to_microseconds() * int(other))
        if isinstance(other, float):
            num, den = _float_ratio(other)
            return timedelta._from_microseconds(
                _div_round_half_even(self._to_microseconds() * num, den))
        return _no_operator("*", self, other)

    def __rmul__(self, other):
        if isinstance(other, (int, float)):
            return self * other
        return _no_operator("*", other, self)

    def __truediv__(self, other):
        us = self._to_microseconds()
        if isinstance(other, timedelta):
            return us / other._to_microseconds()
        if isinstance(other, int):
            if other == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_microseconds(_div_round_half_even(us, int(other)))
        if isinstance(other, float):
            num, den = _float_ratio(other)
            if num == 0:
                raise ZeroDivisionError("integer division or modulo by zero")
            return timedelta._from_microseconds(_div_round_half_even(us * den, num))
        return _no_operator("/", self, other)

    def __rtruediv__(self, other):
        return _no_operator("/", other, self)

    def __floordiv__(self, other):
        us = self._to_microseconds()
        if isinstance(other, timedelta):
            return us // other._to_microseconds()
        if isinstance(other, int):
            return timedelta._from_microseconds(us // int(other))
        return _no_operator("//", self, other)

    def __rfloordiv__(self, other):
        return _no_operator("//", other, self)

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_microseconds(self._to_microseconds()
                                                % other._to_microseconds())
        return _no_operator("%", self, other)

    def __rmod__(self, other):
        return _no_operator("%", other, self)

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_microseconds(), other._to_microseconds())
            return q, timedelta._from_microseconds(r)
        return _no_operator("divmod()", self, other)

    def __rdivmod__(self, other):
        return _no_operator("divmod()", other, self)

    # Comparisons ------------------------------------------------------------

    def _key(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._key() == other._key()
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, timedelta):
            return self._key() != other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._key())
        return self._hashcode

    def __bool__(self):
        return bool(self._days or self._seconds or self._microseconds)

    def __reduce__(self):
        return (type(self), self._key())


timedelta.min = timedelta(-_MAX_DELTA_DAYS)
timedelta.max = timedelta(days=_MAX_DELTA_DAYS, hours=23, minutes=59, seconds=59,
                          microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


# ---------------------------------------------------------------------------
# strftime / strptime helpers

def _strftime(fmt, year, month, day, hour, minute, second, microsecond, utcoffset, tzname):
    """Format fields the way glibc's strftime (C locale) does, plus Python's %f/%z/%Z."""
    if not isinstance(fmt, str):
        raise TypeError(f"strftime() argument 1 must be str, not {type(fmt).__name__}")
    ordinal = _ymd_to_ordinal(year, month, day)
    weekday = _weekday_of_ordinal(ordinal)
    yday = ordinal - _ymd_to_ordinal(year, 1, 1) + 1
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        char = fmt[i]
        if char != "%" or i + 1 >= n:
            out.append(char)
            i += 1
            continue
        j = i + 1
        flag = ""
        if fmt[j] in "-_0^#" and j + 1 < n:
            flag = fmt[j]
            j += 1
        code = fmt[j]
        text = _directive(code, flag, year, month, day, hour, minute, second, microsecond,
                          weekday, yday, utcoffset, tzname)
        if text is None:
            out.append(fmt[i:j + 1])
        else:
            out.append(text)
        i = j + 1
    return "".join(out)


def _number(value, width, flag, pad="0"):
    if flag == "-":
        return str(value)
    if flag == "_":
        pad = " "
    elif flag == "0":
        pad = "0"
    text = str(value)
    return pad * (width - len(text)) + text


def _iso_year_week(year, month, day):
    ordinal = _ymd_to_ordinal(year, month, day)
    iso_year = year
    monday = _iso_week1_monday(iso_year)
    if ordinal < monday:
        iso_year -= 1
        monday = _iso_week1_monday(iso_year)
    elif iso_year < MAXYEAR and ordinal >= _iso_week1_monday(iso_year + 1):
        iso_year += 1
        monday = _iso_week1_monday(iso_year)
    return iso_year, (ordinal - monday) // 7 + 1, (ordinal - monday) % 7 + 1


def _directive(code, flag, year, month, day, hour, minute, second, microsecond, weekday,
               yday, utcoffset, tzname):
    args = (year, month, day, hour, minute, second, microsecond, weekday, yday, utcoffset,
            tzname)
    if code == "Y":
        return _number(year, 1, flag)
    if code == "y":
        return _number(year % 100, 2, flag)
    if code == "C":
        return _number(year // 100, 1, flag)
    if code == "m":
        return _number(month, 2, flag)
    if code == "d":
        return _number(day, 2, flag)
    if code == "e":
        return _number(day, 2, flag, " ")
    if code == "H":
        return _number(hour, 2, flag)
    if code == "k":
        return _number(hour, 2, flag, " ")
    if code == "I":
        return _number(hour % 12 or 12, 2, flag)
    if code == "l":
        return _number(hour % 12 or 12, 2, flag, " ")
    if code == "M":
        return _number(minute, 2, flag)
    if code == "S":
        return _number(second, 2, flag)
    if code == "f":
        # time.strftime (no microseconds) leaves %f as written, as glibc does.
        return None if microsecond is None else f"{microsecond:06d}"
    if code == "j":
        return _number(yday, 3, flag)
    if code == "p":
        return "AM" if hour < 12 else "PM"
    if code == "P":
        return "am" if hour < 12 else "pm"
    if code in "aAbBh":
        if code == "a":
            text = _DAY_NAMES[weekday][:3]
        elif code == "A":
            text = _DAY_NAMES[weekday]
        elif code == "B":
            text = _MONTH_NAMES[month - 1]
        else:
            text = _MONTH_NAMES[month - 1][:3]
        return text.upper() if flag == "^" else text
    if code == "u":
        return str(weekday + 1)
    if code == "w":
        return str((weekday + 1) % 7)
    if code == "U":
        return _number((yday + 6 - (weekday + 1) % 7) // 7, 2, flag)
    if code == "W":
        return _number((yday + 6 - weekday) // 7, 2, flag)
    if code in "GgV":
        iso_year, iso_week, _ = _iso_year_week(year, month, day)
        if code == "G":
            return _number(iso_year, 1, flag)
        if code == "g":
            return _number(iso_year % 100, 2, flag)
        return _number(iso_week, 2, flag)
    if code == "z":
        return _format_offset(utcoffset, "")
    if code == "Z":
        return tzname or ""
    if code == "F":
        return f"{year}-{month:02d}-{day:02d}"
    if code == "T" or code == "X":
        return f"{hour:02d}:{minute:02d}:{second:02d}"
    if code == "R":
        return f"{hour:02d}:{minute:02d}"
    if code == "r":
        return f"{hour % 12 or 12:02d}:{minute:02d}:{second:02d} {'AM' if hour < 12 else 'PM'}"
    if code == "D" or code == "x":
        return f"{month:02d}/{day:02d}/{year % 100:02d}"
    if code == "c":
        return (f"{_DAY_NAMES[weekday][:3]} {_MONTH_NAMES[month - 1][:3]} {day:2d} "
                f"{hour:02d}:{minute:02d}:{second:02d} {year}")
    if code == "s":
        seconds = (_ymd_to_ordinal(year, month, day) - _EPOCH_ORDINAL) * 86400
        return str(seconds + hour * 3600 + minute * 60 + second)
    if code == "n":
        return "\n"
    if code == "t":
        return "\t"
    if code == "%":
        return "%"
    return None


def _digits(min_count, max_count):
    return [("0123456789",) * k for k in range(max_count, min_count - 1, -1)]


def _alternatives(*patterns):
    """Regex-like alternatives: each a string where 'd' is any digit, other chars literal,
    or a tuple of character sets."""
    result = []
    for pattern in patterns:
        if isinstance(pattern, tuple):
            result.append(pattern)
            continue
        sets = []
        for ch in pattern:
            sets.append("0123456789" if ch == "d" else ch)
        result.append(tuple(sets))
    return result


_D = "0123456789"
# Each directive's accepted texts, in the order a regular-expression alternation tries them.
_STRPTIME_PATTERNS = {
    "d": _alternatives(("3", "01"), ("12", _D), ("0", "123456789"), ("123456789",),
                       (" ", "123456789")),
    "f": _digits(1, 6),
    "H": _alternatives(("2", "0123"), ("01", _D), (_D,)),
    "I": _alternatives(("1", "012"), ("0", "123456789"), ("123456789",)),
    "j": _alternatives(("3", "6", "0123456"), ("3", "012345", _D), ("12", _D, _D),
                       ("0", "123456789", _D), ("0", "0", "123456789"), ("123456789", _D),
                       ("0", "123456789"), ("123456789",)),
    "m": _alternatives(("1", "012"), ("0", "123456789"), ("123456789",)),
    "M": _alternatives(("012345", _D), (_D,)),
    "S": _alternatives(("6", "01"), ("012345", _D), (_D,)),
    "y": _alternatives((_D, _D)),
    "Y": _alternatives((_D, _D, _D, _D)),
}
_STRPTIME_NAMES = {
    "a": [name[:3] for name in _DAY_NAMES],
    "A": list(_DAY_NAMES),
    "b": [name[:3] for name in _MONTH_NAMES],
    "B": list(_MONTH_NAMES),
    "p": ["AM", "PM"],
    "Z": ["UTC", "GMT"],
}
_WHITESPACE = " \t\n\r\f\v"


def _match_fixed(data, pos, sets):
    end = pos + len(sets)
    if end > len(data):
        return None
    for k, allowed in enumerate(sets):
        if data[pos + k] not in allowed:
            return None
    return end


def _z_candidates(data, pos):
    """End positions for %z: [+-]HH[:]MM[[:]SS[.f{1,6}]] or 'Z', longest first."""
    if data[pos:pos + 1] == "Z":
        return [pos + 1]
    if data[pos:pos + 1] not in ("+", "-"):
        return []
    p = pos + 1
    if _match_fixed(data, p, (_D, _D)) is None:
        return []
    p += 2
    if data[p:p + 1] == ":":
        p += 1
    if _match_fixed(data, p, ("012345", _D)) is None:
        return []
    p += 2
    ends = [p]
    q = p + 1 if data[p:p + 1] == ":" else p
    if _match_fixed(data, q, ("012345", _D)) is not None:
        q += 2
        ends.insert(0, q)
        if data[q:q + 1] == ".":
            for k in range(6, 0, -1):
                if _match_fixed(data, q + 1, (_D,) * k) is not None:
                    ends.insert(0, q + 1 + k)
                    break
    # The regex tries the optional parts greedily, then backs off.
    if len(ends) > 2:
        full = ends[0]
        digits = full - ends[1] - 1
        ends = [ends[1] + 1 + k for k in range(digits, 0, -1)] + ends[1:]
    return ends


def _strptime_tokens(fmt):
    tokens = []
    i = 0
    while i < len(fmt):
        char = fmt[i]
        if char == "%":
            if i + 1 >= len(fmt):
                raise ValueError(f"stray % in format '{fmt}'")
            code = fmt[i + 1]
            if code == "%":
                tokens.append(("lit", "%"))
            elif code in _STRPTIME_PATTERNS or code in _STRPTIME_NAMES or code == "z":
                tokens.append(("dir", code))
            else:
                raise ValueError(f"'{code}' is a bad directive in format '{fmt}'")
            i += 2
        elif char in _WHITESPACE:
            while i < len(fmt) and fmt[i] in _WHITESPACE:
                i += 1
            tokens.append(("space", None))
        else:
            tokens.append(("lit", char))
            i += 1
    return tokens


def _candidates(token, data, pos):
    kind, value = token
    if kind == "lit":
        if data[pos:pos + 1].lower() == value.lower():
            return [pos + 1]
        return []
    if kind == "space":
        end = pos
        while end < len(data) and data[end] in _WHITESPACE:
            end += 1
        return list(range(end, pos, -1))
    if value == "z":
        return _z_candidates(data, pos)
    if value in _STRPTIME_NAMES:
        names = sorted(_STRPTIME_NAMES[value], key=len, reverse=True)
        return [pos + len(name) for name in names
                if data[pos:pos + len(name)].lower() == name.lower()]
    ends = []
    for sets in _STRPTIME_PATTERNS[value]:
        end = _match_fixed(data, pos, sets)
        if end is not None:
            ends.append(end)
    return ends


def _match_tokens(tokens, index, data, pos, found):
    """Backtracking match of tokens[index:] at data[pos:]; returns the end or None."""
    if index == len(tokens):
        return pos
    token = tokens[index]
    for end in _candidates(token, data, pos):
        if token[0] == "dir":
            found[token[1]] = data[pos:end]
        result = _match_tokens(tokens, index + 1, data, end, found)
        if result is not None:
            return result
    if token[0] == "dir":
        found.pop(token[1], None)
    return None


def _strptime(data, fmt):
    for arg, number in ((data, 1), (fmt, 2)):
        if not isinstance(arg, str):
            raise TypeError(f"strptime() argument {number} must be str, "
                            f"not {type(arg).__name__}")
    tokens = _strptime_tokens(fmt)
    found = {}
    end = _match_tokens(tokens, 0, data, 0, found)
    if end is None:
        raise ValueError(f"time data {data!r} does not match format {fmt!r}")
    if end != len(data):
        raise ValueError(f"unconverted data remains: {data[end:]}")

    year = 1900
    month = day = 1
    hour = minute = second = microsecond = 0
    yday = None
    offset = None
    if "Y" in found:
        year = int(found["Y"])
    elif "y" in found:
        year = int(found["y"])
        year += 2000 if year <= 68 else 1900
    if "m" in found:
        month = int(found["m"])
    elif "B" in found:
        month = [n.lower() for n in _MONTH_NAMES].index(found["B"].lower()) + 1
    elif "b" in found:
        month = [n[:3].lower() for n in _MONTH_NAMES].index(found["b"].lower()) + 1
    if "d" in found:
        day = int(found["d"])
    if "H" in found:
        hour = int(found["H"])
    elif "I" in found:
        hour = int(found["I"])
        ampm = found.get("p", "").lower()
        if ampm == "am" and hour == 12:
            hour = 0
        elif ampm == "pm" and hour != 12:
            hour += 12
    if "M" in found:
        minute = int(found["M"])
    if "S" in found:
        second = int(found["S"])
    if "f" in found:
        digits = found["f"]
        microsecond = int(digits + "0" * (6 - len(digits)))
    if "j" in found:
        yday = int(found["j"])
    if "z" in found:
        z = found["z"]
        if z == "Z":
            offset = timedelta(0)
        else:
            if z[3] == ":":
                z = z[:3] + z[4:]
                if len(z) > 5:
                    if z[5] != ":":
                        raise ValueError(f"Inconsistent use of : in {found['z']}")
                    z = z[:5] + z[6:]
            seconds = int(z[1:3]) * 3600 + int(z[3:5]) * 60 + int(z[5:7] or 0)
            fraction = z[8:]
            micro = int(fraction + "0" * (6 - len(fraction))) if fraction else 0
            offset = timedelta(seconds=seconds, microseconds=micro)
            if z[0] == "-":
                offset = -offset
    if yday is not None:
        year, month, day = _ordinal_to_ymd(yday - 1 + _ymd_to_ordinal(year, 1, 1))
    tz = None
    if offset is not None:
        name = found.get("Z")
        tz = timezone(offset, name) if name else timezone(offset)
    return year, month, day, hour, minute, second, microsecond, tz


# ---------------------------------------------------------------------------
# ISO 8601 parsing

def _all_digits(text):
    return len(text) > 0 and all(ch in _D for ch in text)


def _parse_iso_date(text):
    """(year, month, day) of YYYY-MM-DD, YYYYMMDD, YYYY-Www[-D] or YYYYWww[D]; None if bad."""
    if len(text) < 7 or not _all_digits(text[:4]):
        return None
    year = int(text[:4])
    rest = text[4:]
    extended = rest.startswith("-")
    if extended:
        rest = rest[1:]
    if rest.startswith("W"):
        rest = rest[1:]
        if extended and len(rest) == 4 and rest[2] == "-":
            rest = rest[:2] + rest[3:]
        elif extended and len(rest) not in (2,):
            return None
        if len(rest) not in (2, 3) or not _all_digits(rest):
            return None
        week = int(rest[:2])
        weekday = int(rest[2]) if len(rest) == 3 else 1
        return date._iso_to_ymd(year, week, weekday)
    if extended:
        if len(rest) != 5 or rest[2] != "-":
            return None
        rest = rest[:2] + rest[3:]
    if len(rest) != 4 or not _all_digits(rest):
        return None
    return year, int(rest[:2]), int(rest[2:])


def _parse_iso_time(text):
    """(hour, minute, second, microsecond, tzinfo) of an ISO time; None if malformed."""
    tz = None
    for k, ch in enumerate(text):
        if ch in "+-Z":
            tz_text = text[k:]
            text = text[:k]
            if tz_text == "Z":
                tz = timezone.utc
            else:
                parsed = _parse_iso_clock(tz_text[1:])
                if parsed is None or parsed[0] is None:
                    return None
                hours, minutes, seconds, micro = parsed
                offset = timedelta(hours=hours, minutes=minutes, seconds=seconds,
                                   microseconds=micro)
                if tz_text[0] == "-":
                    offset = -offset
                tz = timezone(offset)
            break
    parsed = _parse_iso_clock(text)
    if parsed is None:
        return None
    return parsed + (tz,)


def _parse_iso_clock(text):
    """(hour, minute, second, microsecond) of HH[:MM[:SS[.f+]]] or HH[MM[SS[.f+]]]."""
    fraction = None
    for sep in ".,":
        if sep in text:
            text, fraction = text.split(sep, 1)
            break
    if ":" in text:
        parts = text.split(":")
        if any(len(p) != 2 for p in parts):
            return None
    else:
        if len(text) % 2:
            return None
        parts = [text[k:k + 2] for k in range(0, len(text), 2)]
    if not 1 <= len(parts) <= 3 or not all(_all_digits(p) for p in parts):
        return None
    values = [int(p) for p in parts] + [0] * (3 - len(parts))
    micro = 0
    if fraction is not None:
        if len(parts) != 3 or not _all_digits(fraction):
            return None
        micro = int((fraction + "00000")[:6])
    return values[0], values[1], values[2], micro


def _invalid_iso(text):
    return ValueError(f"Invalid isoformat string: {text!r}")


# ---------------------------------------------------------------------------
# tzinfo and timezone

class tzinfo:

    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")

    def fromutc(self, dt):
        """Local time in this zone of ``dt``, a UTC time with tzinfo ``self``."""
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        offset = dt.utcoffset()
        if offset is None:
            raise ValueError("fromutc() requires a non-None utcoffset() result")
        dst = dt.dst()
        if dst is None:
            raise ValueError("fromutc() requires a non-None dst() result")
        standard = offset - dst
        if standard:
            dt += standard
            dst = dt.dst()
            if dst is None:
                raise ValueError("fromutc(): dt.dst gave inconsistent results; "
                                 "cannot convert")
        return dt + dst


_MISSING_OFFSET = object()


class timezone(tzinfo):

    __slots__ = ("_offset", "_name")

    def __new__(cls, offset=_MISSING_OFFSET, name=None):
        if offset is _MISSING_OFFSET:
            raise TypeError("timezone() missing required argument 'offset' (pos 1)")
        if not isinstance(offset, timedelta):
            raise TypeError("timezone() argument 1 must be datetime.timedelta, "
                            f"not {type(offset).__name__}")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"timezone() argument 2 must be str, not {type(name).__name__}")
        if not -timedelta(1) < offset < timedelta(1):
            raise ValueError("offset must be a timedelta strictly between "
                             "-timedelta(hours=24) and timedelta(hours=24), "
                             f"not {offset!r}.")
        if name is None and not offset and "utc" in _SINGLETONS:
            return _SINGLETONS["utc"]
        self = object.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __init__(self, *args, **kwargs):
        # Instances are fully built by __new__ (they are immutable values).
        pass

    def utcoffset(self, dt):
        if dt is None or isinstance(dt, datetime):
            return self._offset
        raise TypeError("utcoffset() argument must be a datetime instance or None")

    def dst(self, dt):
        if dt is None or isinstance(dt, datetime):
            return None
        raise TypeError("dst() argument must be a datetime instance or None")

    def tzname(self, dt):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError("tzname() argument must be a datetime instance or None")
        if self._name is not None:
            return self._name
        if not self._offset:
            return "UTC"
        return "UTC" + _format_offset(self._offset)

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc: argument must be a datetime")
        if dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        return dt + self._offset

    def __repr__(self):
        if self is _SINGLETONS.get("utc"):
            return "datetime.timezone.utc"
        if self._name is None:
            return f"{_type_name(self)}({self._offset!r})"
        return f"{_type_name(self)}({self._offset!r}, {self._name!r})"

    def __str__(self):
        return self.tzname(None)

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, timezone):
            return self._offset != other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __getinitargs__(self):
        return (self._offset,) if self._name is None else (self._offset, self._name)


_SINGLETONS = {}
_SINGLETONS["utc"] = timezone(timedelta(0))
timezone.utc = _SINGLETONS["utc"]
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))
UTC = timezone.utc


# ---------------------------------------------------------------------------
# date

class IsoCalendarDate:
    """The (year, week, weekday) triple isocalendar() returns; reads like a named tuple."""

    __slots__ = ("year", "week", "weekday")

    def __init__(self, year, week, weekday):
        self.year = year
        self.week = week
        self.weekday = weekday

    def _tuple(self):
        return (self.year, self.week, self.weekday)

    def __repr__(self):
        return (f"datetime.IsoCalendarDate(year={self.year}, week={self.week}, "
                f"weekday={self.weekday})")

    def __getitem__(self, index):
        return self._tuple()[index]

    def __len__(self):
        return 3

    def __iter__(self):
        return iter(self._tuple())

    def __contains__(self, value):
        return value in self._tuple()

    def __hash__(self):
        return hash(self._tuple())

    @staticmethod
    def _other(other):
        if isinstance(other, IsoCalendarDate):
            return other._tuple()
        if isinstance(other, tuple):
            return other
        return None

    def __eq__(self, other):
        other = self._other(other)
        return NotImplemented if other is None else self._tuple() == other

    def __ne__(self, other):
        other = self._other(other)
        return NotImplemented if other is None else self._tuple() != other

    def __lt__(self, other):
        other = self._other(other)
        return NotImplemented if other is None else self._tuple() < other

    def __le__(self, other):
        other = self._other(other)
        return NotImplemented if other is None else self._tuple() <= other

    def __gt__(self, other):
        other = self._other(other)
        return NotImplemented if other is None else self._tuple() > other

    def __ge__(self, other):
        other = self._other(other)
        return NotImplemented if other is None else self._tuple() >= other

    def count(self, value):
        return self._tuple().count(value)

    def index(self, value):
        return self._tuple().index(value)

    def _asdict(self):
        return {"year": self.year, "week": self.week, "weekday": self.weekday}


class date:

    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year=None, month=None, day=None):
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    # Alternative constructors ---------------------------------------------

    def __init__(self, *args, **kwargs):
        # Instances are fully built by __new__ (they are immutable values).
        pass

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d = _split_timestamp(t)[:3]
        return cls(y, m, d)

    @classmethod
    def fromordinal(cls, n):
        n = _as_int(n)
        if n < 1:
            raise ValueError("ordinal must be >= 1")
        return cls(*_ordinal_to_ymd(n))

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        if len(date_string) not in (7, 8, 10):
            raise _invalid_iso(date_string)
        ymd = _parse_iso_date(date_string)
        if ymd is None:
            raise _invalid_iso(date_string)
        return cls(*ymd)

    @staticmethod
    def _iso_to_ymd(year, week, day):
        if not MINYEAR <= year <= MAXYEAR:
            raise ValueError(f"Year is out of range: {year}")
        if not 0 < week < 53:
            if week == 53 and _iso_week1_monday(year + 1) - _iso_week1_monday(year) == 371:
                pass
            else:
                raise ValueError(f"Invalid week: {week}")
        if not 0 < day < 8:
            raise ValueError(f"Invalid day: {day} (range is [1, 7])")
        ordinal = _iso_week1_monday(year) + (week - 1) * 7 + day - 1
        return _ordinal_to_ymd(ordinal)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        return cls(*date._iso_to_ymd(year, week, day))

    # Fields and conversions -------------------------------------------------

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def toordinal(self):
        return _ymd_to_ordinal(self._year, self._month, self._day)

    def weekday(self):
        return _weekday_of_ordinal(self.toordinal())

    def isoweekday(self):
        return self.weekday() + 1

    def isocalendar(self):
        return IsoCalendarDate(*_iso_year_week(self._year, self._month, self._day))

    def timetuple(self):
        yday = self.toordinal() - _ymd_to_ordinal(self._year, 1, 1) + 1
        return _time.struct_time((self._year, self._month, self._day, 0, 0, 0,
                                  self.weekday(), yday, -1))

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day)

    # Formatting --------------------------------------------------------------

    def __repr__(self):
        return f"{_type_name(self)}({self._year}, {self._month}, {self._day})"

    def isoformat(self):
        return f"{self._year:04d}-{self._month:02d}-{self._day:02d}"

    def __str__(self):
        return self.isoformat()

    def ctime(self):
        return self.strftime("%c")

    def strftime(self, fmt):
        return _strftime(fmt, self._year, self._month, self._day, 0, 0, 0, 0, None, None)

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError(f"must be str, not {type(fmt).__name__}")
        if fmt:
            return self.strftime(fmt)
        return str(self)

    # Arithmetic --------------------------------------------------------------

    def __add__(self, other):
        if isinstance(other, timedelta):
            ordinal = self.toordinal() + other.days
            if not 0 < ordinal <= _MAX_ORDINAL:
                raise OverflowError("date value out of range")
            return type(self)(*_ordinal_to_ymd(ordinal))
        return _no_operator("+", self, other)

    def __radd__(self, other):
        if isinstance(other, timedelta):
            return self + other
        return _no_operator("+", other, self)

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return _no_operator("-", self, other)

    def __rsub__(self, other):
        return _no_operator("-", other, self)

    # Comparisons ---------------------------------------------------------------

    def _compare(self, other):
        """-1/0/1, or None when the comparison is not ours to make."""
        if not isinstance(other, date):
            return None
        if isinstance(other, datetime):
            raise TypeError(f"can't compare {_type_name(other)} to {_type_name(self)}")
        a = (self._year, self._month, self._day)
        b = (other._year, other._month, other._day)
        return 0 if a == b else (-1 if a < b else 1)

    def __eq__(self, other):
        if isinstance(other, datetime):
            return False
        c = self._compare(other)
        return NotImplemented if c is None else c == 0

    def __ne__(self, other):
        if isinstance(other, datetime):
            return True
        c = self._compare(other)
        return NotImplemented if c is None else c != 0

    def __lt__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c < 0

    def __le__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c <= 0

    def __gt__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c > 0

    def __ge__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c >= 0

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self._year, self._month, self._day))
        return self._hashcode

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day))


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)

_EPOCH_ORDINAL = _ymd_to_ordinal(1970, 1, 1)


def _split_timestamp(t):
    """UTC (year, month, day, hour, minute, second, microsecond) of a POSIX timestamp."""
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        raise TypeError(f"'{type(t).__name__}' object cannot be interpreted as an integer")
    if isinstance(t, float):
        if t != t:
            raise ValueError("Invalid value NaN (not a number)")
        if t in (float("inf"), float("-inf")):
            raise OverflowError("cannot convert float infinity to integer")
        whole = float(int(t))
        micro = round((t - whole) * 1e6)
        seconds = int(whole)
        if micro >= 1_000_000:
            seconds += 1
            micro -= 1_000_000
        elif micro < 0:
            seconds -= 1
            micro += 1_000_000
    else:
        seconds, micro = int(t), 0
    days, rest = divmod(seconds, 86400)
    ordinal = _EPOCH_ORDINAL + days
    if not 0 < ordinal <= _MAX_ORDINAL:
        raise ValueError("year is out of range")
    hour, rest = divmod(rest, 3600)
    minute, second = divmod(rest, 60)
    return _ordinal_to_ymd(ordinal) + (hour, minute, second, int(micro))


# ---------------------------------------------------------------------------
# time

class time:
    """A time of day, with an optional tzinfo."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold",
                 "_hashcode")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time_fields(
            hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    def __init__(self, *args, **kwargs):
        # Instances are fully built by __new__ (they are immutable values).
        pass

    @property
    def hour(self):
        return self._hour

    @property
    def minute(self):
        return self._minute

    @property
    def second(self):
        return self._second

    @property
    def microsecond(self):
        return self._microsecond

    @property
    def tzinfo(self):
        return self._tzinfo

    @property
    def fold(self):
        return self._fold

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return _check_offset("utcoffset", self._tzinfo.utcoffset(None))

    def dst(self):
        if self._tzinfo is None:
            return None
        return _check_offset("dst", self._tzinfo.dst(None))

    def tzname(self):
        if self._tzinfo is None:
            return None
        return _check_tzname(self._tzinfo.tzname(None))

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True,
                *, fold=None):
        return type(self)(self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError("fromisoformat: argument must be str")
        text = time_string[1:] if time_string.startswith("T") else time_string
        parsed = _parse_iso_time(text) if text else None
        if parsed is None:
            raise _invalid_iso(time_string)
        return cls(*parsed)

    def __repr__(self):
        if self._microsecond:
            fields = f"{self._hour}, {self._minute}, {self._second}, {self._microsecond}"
        elif self._second:
            fields = f"{self._hour}, {self._minute}, {self._second}"
        else:
            fields = f"{self._hour}, {self._minute}"
        text = f"{_type_name(self)}({fields}"
        if self._tzinfo is not None:
            text += f", tzinfo={self._tzinfo!r}"
        if self._fold:
            text += ", fold=1"
        return text + ")"

    def isoformat(self, timespec="auto"):
        return (_format_clock(self._hour, self._minute, self._second, self._microsecond,
                              timespec) + _format_offset(self.utcoffset()))

    def __str__(self):
        return self.isoformat()

    def strftime(self, fmt):
        return _strftime(fmt, 1900, 1, 1, self._hour, self._minute, self._second,
                         self._microsecond, self.utcoffset(), self.tzname())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError(f"must be str, not {type(fmt).__name__}")
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def __add__(self, other):
        return _no_operator("+", self, other)

    def __radd__(self, other):
        return _no_operator("+", other, self)

    def __sub__(self, other):
        return _no_operator("-", self, other)

    def __rsub__(self, other):
        return _no_operator("-", other, self)

    def _us_of_day(self):
        return ((self._hour * 60 + self._minute) * 60 + self._second) * 10**6 + self._microsecond

    def _compare(self, other, equality):
        if not isinstance(other, time):
            return None
        if self._tzinfo is other._tzinfo:
            a, b = self._us_of_day(), other._us_of_day()
        else:
            off1, off2 = self.utcoffset(), other.utcoffset()
            if (off1 is None) != (off2 is None):
                if equality:
                    return 2
                raise TypeError("can't compare offset-naive and offset-aware times")
            a = self._us_of_day() - (off1._to_microseconds() if off1 else 0)
            b = other._us_of_day() - (off2._to_microseconds() if off2 else 0)
        return 0 if a == b else (-1 if a < b else 1)

    def __eq__(self, other):
        c = self._compare(other, True)
        return NotImplemented if c is None else c == 0

    def __ne__(self, other):
        c = self._compare(other, True)
        return NotImplemented if c is None else c != 0

    def __lt__(self, other):
        c = self._compare(other, False)
        return NotImplemented if c is None else c < 0

    def __le__(self, other):
        c = self._compare(other, False)
        return NotImplemented if c is None else c <= 0

    def __gt__(self, other):
        c = self._compare(other, False)
        return NotImplemented if c is None else c > 0

    def __ge__(self, other):
        c = self._compare(other, False)
        return NotImplemented if c is None else c >= 0

    def __hash__(self):
        if self._hashcode == -1:
            offset = self.utcoffset()
            us = self._us_of_day() - (offset._to_microseconds() if offset else 0)
            self._hashcode = hash(us)
        return self._hashcode

    def __bool__(self):
        return True

    def __reduce__(self):
        return (type(self), (self._hour, self._minute, self._second, self._microsecond,
                             self._tzinfo))


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


def _format_clock(hour, minute, second, microsecond, timespec):
    if timespec == "auto":
        timespec = "microseconds" if microsecond else "seconds"
    if timespec == "hours":
        return f"{hour:02d}"
    if timespec == "minutes":
        return f"{hour:02d}:{minute:02d}"
    if timespec == "seconds":
        return f"{hour:02d}:{minute:02d}:{second:02d}"
    if timespec == "milliseconds":
        return f"{hour:02d}:{minute:02d}:{second:02d}.{microsecond // 1000:03d}"
    if timespec == "microseconds":
        return f"{hour:02d}:{minute:02d}:{second:02d}.{microsecond:06d}"
    raise ValueError("Unknown timespec value")


# ---------------------------------------------------------------------------
# datetime

class datetime(date):
    """A date and a time of day, with an optional tzinfo."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold")

    def __new__(cls, year=None, month=None, day=None, hour=0, minute=0, second=0, microsecond=0,
                tzinfo=None, *, fold=0):
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(
            hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    hour = time.hour
    minute = time.minute
    second = time.second
    microsecond = time.microsecond
    tzinfo = time.tzinfo
    fold = time.fold

    # Alternative constructors ---------------------------------------------

    def __init__(self, *args, **kwargs):
        # Instances are fully built by __new__ (they are immutable values).
        pass

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        fields = _split_timestamp(t)
        if tz is None:
            return cls(*fields)
        return tz.fromutc(cls(*fields, tzinfo=tz))

    @classmethod
    def utcfromtimestamp(cls, t):
        return cls(*_split_timestamp(t))

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date_part, time_part, tzinfo=True):
        if not isinstance(date_part, date):
            raise TypeError("combine() argument 1 must be datetime.date, "
                            f"not {type(date_part).__name__}")
        if not isinstance(time_part, time):
            raise TypeError("combine() argument 2 must be datetime.time, "
                            f"not {type(time_part).__name__}")
        if tzinfo is True:
            tzinfo = time_part.tzinfo
        return cls(date_part.year, date_part.month, date_part.day, time_part.hour,
                   time_part.minute, time_part.second, time_part.microsecond, tzinfo,
                   fold=time_part.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        text = date_string
        if len(text) < 7:
            raise _invalid_iso(date_string)
        # The date part ends where a YYYY-MM-DD / YYYYMMDD / week form ends.
        if text[4:5] == "-":
            date_len = 8 if text[5:6] == "W" and not (text[8:9] == "-") else 10
        elif text[4:5] == "W":
            date_len = 8 if len(text) > 7 and text[7:8] in _D else 7
        else:
            date_len = 8
        ymd = _parse_iso_date(text[:date_len])
        if ymd is None:
            raise _invalid_iso(date_string)
        clock = (0, 0, 0, 0, None)
        if len(text) > date_len:
            clock = _parse_iso_time(text[date_len + 1:]) if len(text) > date_len + 1 else None
            if clock is None:
                raise _invalid_iso(date_string)
        return cls(*(ymd + clock))

    @classmethod
    def strptime(cls, date_string, format):
        return cls(*_strptime(date_string, format))

    # Parts and conversions ------------------------------------------------------

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond,
                    fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond,
                    self._tzinfo, fold=self._fold)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return _check_offset("utcoffset", self._tzinfo.utcoffset(self))

    def dst(self):
        if self._tzinfo is None:
            return None
        return _check_offset("dst", self._tzinfo.dst(self))

    def tzname(self):
        if self._tzinfo is None:
            return None
        return _check_tzname(self._tzinfo.tzname(self))

    def timetuple(self):
        dst = self.dst()
        isdst = -1 if dst is None else (1 if dst else 0)
        yday = self.toordinal() - _ymd_to_ordinal(self._year, 1, 1) + 1
        return _time.struct_time((self._year, self._month, self._day, self._hour,
                                  self._minute, self._second, self.weekday(), yday, isdst))

    def utctimetuple(self):
        offset = self.utcoffset()
        value = self
        if offset:
            value = self - offset
        yday = value.toordinal() - _ymd_to_ordinal(value.year, 1, 1) + 1
        return _time.struct_time((value.year, value.month, value.day, value.hour,
                                  value.minute, value.second, value.weekday(), yday, 0))

    def _seconds_since_epoch(self):
        """Whole seconds from 1970-01-01 00:00 to the naive fields."""
        return ((self.toordinal() - _EPOCH_ORDINAL) * 86400 + self._hour * 3600
                + self._minute * 60 + self._second)

    def timestamp(self):
        if self._tzinfo is None:
            # Naive: local time, which is UTC on this machine.
            return self._seconds_since_epoch() + self._microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day,
                          self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    def astimezone(self, tz=None):
        if tz is None:
            tz = _LOCAL
        elif not isinstance(tz, tzinfo):
            raise TypeError("tzinfo argument must be None or of a tzinfo subclass, "
                            f"not type '{type(tz).__name__}'")
        if self._tzinfo is tz:
            return self
        offset = self.utcoffset()
        if offset is None:
            offset = timedelta(0)  # naive means local time: UTC here
        utc = (self - offset).replace(tzinfo=tz)
        return tz.fromutc(utc)

    # Formatting -----------------------------------------------------------------

    def __repr__(self):
        fields = f"{self._year}, {self._month}, {self._day}, {self._hour}, {self._minute}"
        if self._microsecond:
            fields += f", {self._second}, {self._microsecond}"
        elif self._second:
            fields += f", {self._second}"
        text = f"{_type_name(self)}({fields}"
        if self._tzinfo is not None:
            text += f", tzinfo={self._tzinfo!r}"
        if self._fold:
            text += ", fold=1"
        return text + ")"

    def isoformat(self, sep="T", timespec="auto"):
        if not isinstance(sep, str) or len(sep) != 1:
            raise TypeError("isoformat() argument 1 must be a unicode character, "
                            f"not {type(sep).__name__}")
        return (f"{self._year:04d}-{self._month:02d}-{self._day:02d}{sep}"
                + _format_clock(self._hour, self._minute, self._second, self._microsecond,
                                timespec)
                + _format_offset(self.utcoffset()))

    def __str__(self):
        return self.isoformat(sep=" ")

    def ctime(self):
        return self.strftime("%c")

    def strftime(self, fmt):
        return _strftime(fmt, self._year, self._month, self._day, self._hour, self._minute,
                         self._second, self._microsecond, self.utcoffset(), self.tzname())

    # Arithmetic -----------------------------------------------------------------

    def _us_total(self):
        """Microseconds since 0001-01-01 00:00 of the naive fields."""
        seconds = (self.toordinal() * 86400 + self._hour * 3600 + self._minute * 60
                   + self._second)
        return seconds * 10**6 + self._microsecond

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return _no_operator("+", self, other)
        total = self._us_total() + other._to_microseconds()
        seconds, micro = divmod(total, 10**6)
        days, seconds = divmod(seconds, 86400)
        if not 0 < days <= _MAX_ORDINAL:
            raise OverflowError("date value out of range")
        hour, seconds = divmod(seconds, 3600)
        minute, second = divmod(seconds, 60)
        return type(self)(*_ordinal_to_ymd(days), hour, minute, second, micro,
                          self._tzinfo)

    def __radd__(self, other):
        if isinstance(other, timedelta):
            return self + other
        return _no_operator("+", other, self)

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if not isinstance(other, datetime):
            return _no_operator("-", self, other)
        difference = self._us_total() - other._us_total()
        if self._tzinfo is not other._tzinfo:
            off1, off2 = self.utcoffset(), other.utcoffset()
            if (off1 is None) != (off2 is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            if off1 is not None:
                difference -= off1._to_microseconds() - off2._to_microseconds()
        return timedelta._from_microseconds(difference)

    # Comparisons ----------------------------------------------------------------

    def _compare(self, other, equality=False):
        if not isinstance(other, datetime):
            if isinstance(other, date):
                if equality:
                    return 2
                raise TypeError(f"can't compare {_type_name(self)} to {_type_name(other)}")
            return None
        a, b = self._us_total(), other._us_total()
        if self._tzinfo is not other._tzinfo:
            off1, off2 = self.utcoffset(), other.utcoffset()
            if (off1 is None) != (off2 is None):
                if equality:
                    return 2
                raise TypeError("can't compare offset-naive and offset-aware datetimes")
            if off1 is not None:
                a -= off1._to_microseconds()
                b -= off2._to_microseconds()
        return 0 if a == b else (-1 if a < b else 1)

    def __eq__(self, other):
        c = self._compare(other, True)
        return NotImplemented if c is None else c == 0

    def __ne__(self, other):
        c = self._compare(other, True)
        return NotImplemented if c is None else c != 0

    def __lt__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c < 0

    def __le__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c <= 0

    def __gt__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c > 0

    def __ge__(self, other):
        c = self._compare(other)
        return NotImplemented if c is None else c >= 0

    def __hash__(self):
        if self._hashcode == -1:
            total = self._us_total()
            offset = self.utcoffset()
            if offset is not None:
                total -= offset._to_microseconds()
            self._hashcode = hash(total)
        return self._hashcode

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day, self._hour, self._minute,
                             self._second, self._microsecond, self._tzinfo))


datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_LOCAL = timezone(timedelta(0), "UTC")
_OWN_CLASSES = (date, time, datetime, timedelta, timezone, tzinfo)
