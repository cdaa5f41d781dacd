# expect: RuntimeError: instruction budget
s = 'a' * 10**6
while True:
    s.find('b')
