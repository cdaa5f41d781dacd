"""A notebook-style tour of datetime: fixed dates, training-run durations, log-directory
names, parsing timestamps, time zones, and the errors users run into."""
from datetime import datetime, date, time, timedelta, timezone
import datetime as dt

print("== constants and basics")
print(dt.MINYEAR, dt.MAXYEAR)
launch = datetime(2026, 3, 7, 14, 5, 9, 123456)
print(launch)
print(repr(launch))
print(launch.year, launch.month, launch.day, launch.hour, launch.minute, launch.second,
      launch.microsecond)
print(repr(datetime(2026, 1, 1)), repr(datetime(2026, 1, 1, 0, 0, 7)))
print(repr(date(2026, 1, 1)), date(2026, 1, 1))
print(repr(time(9, 30)), repr(time(9, 30, 5)), repr(time(9, 30, 5, 250)), time(9, 30))
print(launch.date(), launch.time(), repr(launch.timetz()))
print(datetime.combine(date(2026, 2, 1), time(8, 15)))
print(datetime.combine(date(2026, 2, 1), time(8, 15), tzinfo=timezone.utc))
print(isinstance(launch, date), issubclass(datetime, date), type(launch).__name__)
print(date.min, date.max, repr(datetime.min), datetime.max, time.min, time.max)

print("== weekdays and calendars")
for d in [date(2026, 1, 1), date(2026, 12, 31), date(2027, 1, 1), date(2024, 12, 30),
          date(2020, 2, 29)]:
    iso = d.isocalendar()
    print(d, d.weekday(), d.isoweekday(), iso, iso.year, iso.week, iso.weekday,
          tuple(iso) == (iso[0], iso[1], iso[2]), d.toordinal(), d.strftime("%a %A %j"))
print(date(2026, 1, 1).isocalendar() == (2026, 1, 4))
y, w, wd = date(2026, 6, 15).isocalendar()
print(y, w, wd)
print(date.fromordinal(739617), date.fromordinal(1), date.max.toordinal())
print(date.fromisocalendar(2026, 10, 5), date.fromisocalendar(2020, 53, 7))
print(date(2026, 1, 31).replace(month=2, day=28), launch.replace(year=2030, microsecond=0))

print("== timedelta")
cases = [timedelta(days=1, seconds=3600), timedelta(0), timedelta(hours=1),
         timedelta(minutes=-90), timedelta(microseconds=-1), timedelta(weeks=2, days=3),
         timedelta(days=-2), timedelta(seconds=0.5), timedelta(hours=1.5, minutes=7.25),
         timedelta(milliseconds=1500.5), timedelta(days=0.1, seconds=1e-7),
         timedelta(microseconds=2.5), timedelta(microseconds=3.5), timedelta(days=365, hours=5)]
for td in cases:
    print(repr(td), "|", str(td), "|", td.days, td.seconds, td.microseconds, td.total_seconds())
print(timedelta.max, "|", timedelta.min, "|", repr(timedelta.resolution))
a, b = timedelta(hours=1), timedelta(minutes=7)
print(a + b, a - b, b - a, -a, abs(-a), +a)
print(a * 3, 3 * a, a * 2.5, a * 0.1, a / 7, a / 7.5, a // 7)
print(a / b, a // b, a % b, divmod(a, b))
print(a < b, a > b, a == timedelta(seconds=3600), a != b, a == 3600, bool(timedelta(0)))
print(hash(timedelta(hours=24)) == hash(timedelta(days=1)))
print(sorted([timedelta(hours=5), timedelta(minutes=-3), timedelta(0)]))
print(sum([timedelta(minutes=20), timedelta(minutes=45)], timedelta()))

print("== durations of training runs")
epoch_starts = [datetime(2026, 1, 1, 9, 0, 0) + timedelta(minutes=17, seconds=42.5) * i
                for i in range(5)]
for i, start in enumerate(epoch_starts):
    print(f"epoch {i}: started {start:%H:%M:%S.%f}")
durations = [b - a for a, b in zip(epoch_starts, epoch_starts[1:])]
print(durations[0], repr(durations[0]))
total = epoch_starts[-1] - epoch_starts[0]
print("total", total, "=", total.total_seconds(), "s =", round(total / timedelta(hours=1), 4), "h")
per_step = total / 1200
print("per step", per_step, repr(per_step))
remaining = timedelta(seconds=7 * 3600 + 123) * 30
print("ETA in", remaining, "-> finishes", datetime(2026, 1, 1, 9) + remaining)
print(datetime(2026, 3, 1) - datetime(2026, 2, 1), date(2026, 3, 1) - date(2025, 3, 1))

print("== log directory names with strftime")
stamp = datetime(2026, 3, 7, 4, 5, 9, 1234)
print("logs/fit/" + stamp.strftime("%Y%m%d-%H%M%S"))
print(stamp.strftime("run_%Y-%m-%d_%H-%M-%S_%f"))
print(stamp.strftime("%Y %m %d %H %M %S %f %y %b %B %a %A %j %p %I %% %F %T %D"))
print(stamp.strftime("%c | %x | %X | %e | %Z | %z |"))
print(datetime(2026, 11, 22, 23, 0).strftime("%I:%M %p on %A, %B %e"))
print(datetime(2026, 1, 1, 12, 30).strftime("%I:%M %p"), datetime(2026, 1, 1, 0, 30).strftime("%I:%M %p"))
print(date(2026, 7, 4).strftime("%Y-%m-%d %H:%M:%S"), time(17, 45, 3).strftime("%H:%M:%S %Y"))
print(f"{date(2026, 7, 4):%d.%m.%Y}", f"{stamp}", f"{stamp:%H}h", format(stamp, ""))
print(stamp.isoformat(), stamp.isoformat(sep=" "), stamp.isoformat(timespec="seconds"))
print(stamp.isoformat(timespec="milliseconds"), stamp.isoformat(timespec="minutes"),
      stamp.isoformat(timespec="hours"), time(1, 2, 3).isoformat(timespec="microseconds"))
print(stamp.ctime(), date(2026, 3, 17).ctime())
aware = datetime(2026, 3, 7, 4, 5, 9, tzinfo=timezone(timedelta(hours=-5), "EST"))
print(aware.strftime("%Y-%m-%d %H:%M:%S %Z (%z)"), aware.isoformat())
print(stamp.timetuple())

print("== parsing timestamps")
samples = [
    ("2026-03-07 14:05:09", "%Y-%m-%d %H:%M:%S"),
    ("2026-03-07T14:05:09.123", "%Y-%m-%dT%H:%M:%S.%f"),
    ("07/03/26 02:05 PM", "%d/%m/%y %I:%M %p"),
    ("Mar 7 2026", "%b %d %Y"),
    ("Saturday, 07 March 2026", "%A, %d %B %Y"),
    ("2026-066", "%Y-%j"),
    ("20260307-140509", "%Y%m%d-%H%M%S"),
    ("2026-03-07T14:05:09+0530", "%Y-%m-%dT%H:%M:%S%z"),
    ("2026-03-07T14:05:09Z", "%Y-%m-%dT%H:%M:%S%z"),
    ("2026-03-07 14:05:09 -08:00", "%Y-%m-%d %H:%M:%S %z"),
]
for text, fmt in samples:
    parsed = datetime.strptime(text, fmt)
    print(repr(parsed))
for text in ["2026-03-07", "2026-03-07T14:05", "2026-03-07 14:05:09.5",
             "2026-03-07T14:05:09.123456+01:00", "2026-03-07T14:05:09Z", "20260307T140509"]:
    print(repr(datetime.fromisoformat(text)))
print(repr(date.fromisoformat("2026-03-07")), repr(time.fromisoformat("14:05:09.25")))
print(datetime.fromisoformat(launch.isoformat()) == launch)

print("== time zones")
utc = timezone.utc
ist = timezone(timedelta(hours=5, minutes=30), "IST")
pst = timezone(timedelta(hours=-8))
print(repr(utc), str(utc), repr(ist), str(ist), repr(pst), str(pst))
print(repr(timezone(timedelta(0))), repr(timezone(timedelta(0), "UTC")), timezone.min, timezone.max)
meeting = datetime(2026, 3, 7, 17, 0, tzinfo=utc)
print(meeting, meeting.astimezone(ist), meeting.astimezone(pst))
print(repr(meeting.astimezone(ist)))
print(meeting.astimezone(ist) == meeting, meeting.astimezone(pst) - meeting)
print(meeting.astimezone(ist).utcoffset(), meeting.astimezone(ist).tzname(), meeting.dst())
print(datetime(2026, 3, 7, 17, 0).astimezone(utc), repr(datetime(2026, 1, 1).astimezone()))
print(meeting.timestamp(), datetime(2026, 1, 1).timestamp(), launch.timestamp())
print(datetime.fromtimestamp(1767225600), datetime.fromtimestamp(1767225600.25, tz=ist))
print(datetime.utcfromtimestamp(1772892309.5), date.fromtimestamp(1772892309))
print(datetime(2026, 1, 1, 12, tzinfo=ist) < datetime(2026, 1, 1, 12, tzinfo=pst))
print(ist == timezone(timedelta(hours=5, minutes=30)), len({meeting, meeting.astimezone(ist)}))
print(meeting.utctimetuple())

print("== now() on the playground clock")
now = datetime.now()
print(type(now).__name__, now.tzinfo, type(date.today()).__name__, type(datetime.utcnow()).__name__)
print(datetime.now(utc).tzinfo, datetime.now(ist).utcoffset(), now.year >= 2026)

print("== comparisons and hashing")
days = [date(2026, 5, 1), date(2026, 1, 15), date(2026, 3, 3)]
print(sorted(days), max(days), min(days))
print(date(2026, 1, 1) == datetime(2026, 1, 1), datetime(2026, 1, 1) != date(2026, 1, 1))
print(len({date(2026, 1, 1), date(2026, 1, 1), date(2026, 1, 2)}))
print(datetime(2026, 1, 1) + timedelta(days=30), date(2026, 1, 31) + timedelta(days=30))
print(time(1) < time(2), time(12, tzinfo=utc) == time(17, 30, tzinfo=ist))

print("== errors")
attempts = [
    lambda: date(2026, 2, 29), lambda: date(2026, 13, 1), lambda: date(0, 1, 1),
    lambda: datetime(2026, 1, 1, 24), lambda: datetime(2026, 1, 1, 1, 60),
    lambda: time(1, 1, 60), lambda: time(1, 1, 1, 1000000), lambda: date(2026.0, 1, 1),
    lambda: timedelta(days=10**9), lambda: timedelta(days="1"),
    lambda: datetime(9999, 12, 31) + timedelta(days=1),
    lambda: datetime.strptime("2026-03-07", "%d/%m/%Y"),
    lambda: datetime.strptime("2026-03-07 10:00", "%Y-%m-%d"),
    lambda: datetime.strptime("2026-02-30", "%Y-%m-%d"),
    lambda: datetime.fromisoformat("2026/03/07"),
    lambda: datetime.fromisoformat("2026-03-07T25:00"),
    lambda: datetime(2026, 1, 1) < datetime(2026, 1, 1, tzinfo=utc),
    lambda: datetime(2026, 1, 1) - datetime(2026, 1, 1, tzinfo=utc),
    lambda: date(2026, 1, 1) < datetime(2026, 1, 1),
    lambda: timezone(timedelta(hours=24)), lambda: timezone(3600),
    lambda: timedelta(hours=1) // 0, lambda: timedelta(hours=1) / timedelta(0),
    lambda: datetime(2026, 1, 1).isoformat(timespec="nanoseconds"),
    lambda: date.fromordinal(0), lambda: time(tzinfo="UTC"),
]
for attempt in attempts:
    try:
        print("ok?", attempt())
    except (ValueError, TypeError, OverflowError, ZeroDivisionError) as e:
        print(type(e).__name__ + ":", e)
