# expect: MemoryError | RuntimeError: instruction budget
d = {}
i = 0
while True:
    d[i] = str(i) * 100
    i += 1
