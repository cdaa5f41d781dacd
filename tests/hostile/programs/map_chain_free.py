# expect: exit 0
it = iter([1])
for i in range(300000):
    it = map(abs, it)
it = None
print("freed")
