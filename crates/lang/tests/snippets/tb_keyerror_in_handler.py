def f():
    try:
        raise KeyError("a")
    finally:
        print("cleanup")
f()
