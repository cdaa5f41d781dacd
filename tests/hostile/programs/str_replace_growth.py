# expect: MemoryError
s = 'ab'
while True:
    s = s.replace('a', 'aa')
