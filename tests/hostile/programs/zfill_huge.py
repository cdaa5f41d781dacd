# expect: MemoryError | OverflowError
s = '1'.zfill(10**9)
