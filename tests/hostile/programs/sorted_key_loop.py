# expect: RuntimeError: instruction budget
x = list(range(10**5))
while True:
    sorted(x, key=lambda v: -v)
