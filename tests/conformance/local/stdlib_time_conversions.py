import time

for secs in [0, 86399, 951782400, 1_000_000_000, 1_767_225_600.75, 4_102_444_800]:
    t = time.gmtime(secs)
    print(t)
    print(t.tm_year, t[1], t.tm_yday, t.tm_wday, len(t))
    print(time.strftime("%Y-%m-%d %H:%M:%S %a %A %b %B %j %I%p %y %% %w", t))
    print(time.asctime(t))
    print(time.strftime("%F %T %D", t), time.strftime("run-%Y%m%d-%H%M%S", t))

print(time.gmtime(1e9) == time.gmtime(1_000_000_000))
print(tuple(time.gmtime(0)))
for bad in [-1, "1"]:
    try:
        time.sleep(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(type(time.time()).__name__, type(time.perf_counter_ns()).__name__)
t0 = time.perf_counter()
time.sleep(0.25)
print(time.perf_counter() - t0 >= 0.25)
