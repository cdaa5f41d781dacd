# expect: exit 0
e = None
for i in range(100000):
    try:
        raise KeyError(i) from e
    except KeyError as k:
        e = k
e = None
print("freed")
