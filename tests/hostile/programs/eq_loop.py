# expect: RuntimeError: instruction budget
x = list(range(10**6))
y = list(range(10**6))
while True:
    x == y
