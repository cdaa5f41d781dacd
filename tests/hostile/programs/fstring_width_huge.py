# expect: MemoryError | ValueError | OverflowError
w = 10**9
s = f'{1:{w}}'
