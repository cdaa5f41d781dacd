# expect: RecursionError
it = iter([1])
for i in range(30000):
    it = zip(it)
next(it)
