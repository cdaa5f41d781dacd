# expect: ValueError: Exceeds the limit (4300 digits)
x = 2 ** 20000
print(len(str(x)))
