# expect: RecursionError
it = iter([1])
for i in range(30000):
    it = filter(None, it)
next(it)
