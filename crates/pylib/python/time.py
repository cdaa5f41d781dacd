"""Time access and conversions, on the playground's simulated clock.

The clock is the emulated machine's: ``time()``, ``perf_counter()`` and their kin read the
end of the simulated timeline of every TensorFlow op run so far, plus the time the Python code
itself would have taken, plus what the program slept. So a program that times its training
loop prints how long it takes on the chosen machine, and prints the same on every run.
``sleep()`` advances the clock without waiting. The wall clock starts at
2026-01-01 00:00:00 UTC; the machine's time zone is UTC, as on Colab.
"""

import _playground_clock as _clock

__all__ = [
    "time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns",
    "process_time", "process_time_ns", "thread_time", "thread_time_ns", "sleep",
    "struct_time", "gmtime", "localtime", "mktime", "strftime", "asctime", "ctime",
    "timezone", "altzone", "daylight", "tzname",
]

timezone = 0
altzone = 0
daylight = 0
tzname = ("UTC", "UTC")

# perf_counter() and monotonic() count from an arbitrary origin, as CPython's do.
_MONOTONIC_ORIGIN_NS = 86_400 * 10**9


def time_ns():
    """Nanoseconds since the epoch, on the simulated wall clock."""
    return _clock.EPOCH_NS + _clock.elapsed_ns()


def time():
    """Seconds since the epoch, on the simulated wall clock."""
    return time_ns() / 1e9


def perf_counter_ns():
    return _MONOTONIC_ORIGIN_NS + _clock.elapsed_ns()


def perf_counter():
    return perf_counter_ns() / 1e9


monotonic = perf_counter
monotonic_ns = perf_counter_ns


def process_time_ns():
    return _clock.elapsed_ns()


def process_time():
    return process_time_ns() / 1e9


thread_time = process_time
thread_time_ns = process_time_ns


def sleep(secs):
    """Advances the simulated clock by ``secs`` seconds (nothing actually waits)."""
    if isinstance(secs, bool) or not isinstance(secs, (int, float)):
        raise TypeError(f"'{type(secs).__name__}' object cannot be interpreted as an integer")
    if secs != secs:
        raise ValueError("Invalid value NaN (not a number)")
    if secs < 0:
        raise ValueError("sleep length must be non-negative")
    _clock.sleep_ns(round(secs * 1e9))


_FIELDS = ("tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec",
           "tm_wday", "tm_yday", "tm_isdst")


class struct_time:
    """A broken-down time: nine fields, readable by name or index like CPython's."""

    n_fields = 11
    n_sequence_fields = 9

    def __init__(self, fields):
        values = tuple(fields)
        if len(values) != 9:
            raise TypeError(f"time.struct_time() takes a 9-sequence ({len(values)}-sequence given)")
        self._values = values
        (self.tm_year, self.tm_mon, self.tm_mday, self.tm_hour, self.tm_min, self.tm_sec,
         self.tm_wday, self.tm_yday, self.tm_isdst) = values
        self.tm_zone = "UTC"
        self.tm_gmtoff = 0

    def __getitem__(self, index):
        return self._values[index]

    def __len__(self):
        return 9

    def __iter__(self):
        return iter(self._values)

    def __eq__(self, other):
        if isinstance(other, struct_time):
            return self._values == other._values
        return self._values == other

    def __hash__(self):
        return hash(self._values)

    def __repr__(self):
        parts = ", ".join(f"{name}={value}" for name, value in zip(_FIELDS, self._values))
        return f"time.struct_time({parts})"


def _days_to_civil(days):
    """(year, month, day) of a day count since 1970-01-01, in the proleptic Gregorian calendar."""
    days += 719468
    era = days // 146097
    day_of_era = days - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524
                   - day_of_era // 146096) // 365
    year = year_of_era + era * 400
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * month_index + 2) // 5 + 1
    month = month_index + 3 if month_index < 10 else month_index - 9
    return (year + 1 if month <= 2 else year), month, day


def _civil_to_days(year, month, day):
    """Days since 1970-01-01 of a Gregorian date (months outside 1-12 roll over)."""
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    year -= month <= 2
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def gmtime(secs=None):
    """The UTC broken-down time of ``secs`` since the epoch (now when omitted)."""
    if secs is None:
        secs = time()
    if isinstance(secs, bool) or not isinstance(secs, (int, float)):
        raise TypeError(f"'{type(secs).__name__}' object cannot be interpreted as an integer")
    whole = int(secs // 1)
    days, rest = divmod(whole, 86400)
    year, month, day = _days_to_civil(days)
    hour, rest = divmod(rest, 3600)
    minute, second = divmod(rest, 60)
    weekday = (days + 3) % 7  # 1970-01-01 was a Thursday; Monday is 0
    yday = days - _civil_to_days(year, 1, 1) + 1
    return struct_time((year, month, day, hour, minute, second, weekday, yday, 0))


def localtime(secs=None):
    """The local broken-down time: UTC, the machine's time zone."""
    return gmtime(secs)


def mktime(t):
    """Seconds since the epoch of a local broken-down time (UTC here)."""
    year, month, day, hour, minute, second = tuple(t)[:6]
    return float(_civil_to_days(year, month, day) * 86400 + hour * 3600 + minute * 60 + second)


_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


def strftime(format, t=None):
    """``t`` (now when omitted) formatted by the C library's directives, as on Linux."""
    if not isinstance(format, str):
        raise TypeError(f"strftime() argument 1 must be str, not {type(format).__name__}")
    if t is None:
        t = localtime()
    elif len(tuple(t)) != 9:
        raise TypeError("function takes exactly 9 arguments (%d given)" % len(tuple(t)))
    # One formatter for both modules: datetime's, imported here since datetime imports time.
    from datetime import _strftime, timedelta
    year, month, day, hour, minute, second = tuple(t)[:6]
    return _strftime(format, year, month, day, hour, minute, second, None, timedelta(0), "UTC")


def _asctime(t):
    year, month, day, hour, minute, second, weekday = tuple(t)[:7]
    return (f"{_DAYS[weekday][:3]} {_MONTHS[month - 1][:3]} {day:2d} "
            f"{hour:02d}:{minute:02d}:{second:02d} {year}")


def asctime(t=None):
    return _asctime(localtime() if t is None else t)


def ctime(secs=None):
    return _asctime(localtime(secs))
