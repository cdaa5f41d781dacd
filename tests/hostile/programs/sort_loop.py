# expect: RuntimeError: instruction budget
x = list(range(10**5))
while True:
    x.sort()
