def f():
    raise ValueError
print("start")
f()
