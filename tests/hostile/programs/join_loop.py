# expect: RuntimeError: instruction budget
x = ['a'] * 10**6
while True:
    ''.join(x)
