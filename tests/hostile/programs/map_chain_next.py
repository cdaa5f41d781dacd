# expect: RecursionError
it = iter([1])
for i in range(30000):
    it = map(abs, it)
next(it)
