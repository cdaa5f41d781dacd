# expect: MemoryError
b = bytes(10**10)
