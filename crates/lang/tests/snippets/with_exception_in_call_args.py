# An exception raised while a call's arguments are on the stack, inside `with`:
# `__exit__` must still be the context manager's, and the stack must unwind cleanly.
class CM:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, kind, value, tb):
        print("exit", self.name, kind.__name__ if kind else None, value)
        return self.name == "suppress"


def boom():
    raise ValueError("boom")


def f(a, b):
    print("f called", a, b)


try:
    with CM("outer"):
        f(boom(), 1)
except ValueError as e:
    print("caught", repr(e))

with CM("suppress") as cm:
    print(len([1, 2]), [cm.name, boom()])
print("after")

try:
    with CM("a"), CM("b"):
        print(1 + 2, f(0, boom()))
except ValueError as e:
    print("caught", e)
print(sum([1, 2, 3]))
