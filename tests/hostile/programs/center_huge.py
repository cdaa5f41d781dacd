# expect: MemoryError | OverflowError
s = 'x'.center(10**9)
