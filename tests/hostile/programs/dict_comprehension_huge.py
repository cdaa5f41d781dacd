# expect: MemoryError | RuntimeError: instruction budget
d = {i: str(i) for i in range(10**8)}
