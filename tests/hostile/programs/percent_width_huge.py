# expect: MemoryError | ValueError | OverflowError
s = '%*d' % (10**9, 1)
