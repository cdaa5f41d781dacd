# expect: RuntimeError: instruction budget
x = list(range(10**6))
while True:
    y = x[:]
