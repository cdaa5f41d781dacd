# expect: MemoryError
x = [[0] * 10**6 for i in range(10**3)]
print(len(x))
