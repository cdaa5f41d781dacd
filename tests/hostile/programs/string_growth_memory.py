# expect: MemoryError
s = ''
while True:
    s += 'x' * 10**6
