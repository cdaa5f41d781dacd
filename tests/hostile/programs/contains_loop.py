# expect: RuntimeError: instruction budget
x = [0] * 10**4
while True:
    1 in x
