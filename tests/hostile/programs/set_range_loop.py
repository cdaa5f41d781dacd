# expect: RuntimeError: instruction budget
while True:
    s = set(range(10**6))
