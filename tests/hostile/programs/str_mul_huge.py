# expect: MemoryError
s = 'x' * 10**7
t = s * 10**3
print(len(t))
