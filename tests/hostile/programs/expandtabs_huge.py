# expect: MemoryError
s = ('\t' * 100).expandtabs(10**7)
print(len(s))
