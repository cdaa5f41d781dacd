# expect: exit 0
f = None
for i in range(100000):
    f = (lambda g: lambda: g)(f)
f = None
print("freed")
