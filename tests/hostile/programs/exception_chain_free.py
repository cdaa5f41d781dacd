# expect: exit 0
e = ValueError()
for i in range(100000):
    e = ValueError(e)
e = None
print("freed")
