# expect: RuntimeError: instruction budget
x = [0] * 10**5
while True:
    x.insert(0, 1)
    x.pop(0)
