from contextlib import contextmanager, suppress, nullcontext, closing, ExitStack

@contextmanager
def timer(name):
    print("start", name)
    try:
        yield name.upper()
    finally:
        print("stop", name)

with timer("epoch") as label:
    print("inside", label)

@contextmanager
def swallow(kind):
    try:
        yield
    except kind as e:
        print("swallowed", type(e).__name__, e)

with swallow(ValueError):
    raise ValueError("bad batch")
print("after swallow")

try:
    with swallow(KeyError):
        raise ValueError("not mine")
except ValueError as e:
    print("propagated", e)

@timer("decorated")
def work():
    print("working")
work()

with suppress(FileNotFoundError, KeyError):
    {}["missing"]
print("suppressed")

with nullcontext(5) as five:
    print(five)

class Resource:
    def __init__(self, name):
        self.name = name
    def close(self):
        print("closed", self.name)

with closing(Resource("db")) as r:
    print("using", r.name)

with ExitStack() as stack:
    for n in ["a", "b", "c"]:
        stack.enter_context(timer(n))
    stack.callback(print, "callback ran")
    print("body")

def gen():
    try:
        yield 1
        yield 2
    finally:
        print("generator cleaned up")

g = gen()
print(next(g))
g.close()
g = gen()
next(g)
try:
    g.throw(RuntimeError("stop here"))
except RuntimeError as e:
    print("thrown back", e)

@contextmanager
def no_yield():
    if False:
        yield
try:
    with no_yield():
        pass
except RuntimeError as e:
    print(e)
