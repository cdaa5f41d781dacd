# expect: RecursionError
d = {}
for i in range(100000):
    d = {"k": d}
print(len(str(d)))
