# expect: MemoryError | ValueError | OverflowError
s = '{:>1000000000}'.format(1)
