# expect: MemoryError
x = 3
while True:
    x = x * x
