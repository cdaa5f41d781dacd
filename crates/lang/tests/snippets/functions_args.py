def f(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, kw
print(f(1, c=3))
print(f(1, 2, 3, 4, c=5, e=6))
def g(a, b, /, c, *, d):
    return a + b + c + d
print(g(1, 2, 3, d=4), g(1, 2, c=3, d=4))
def h(*args, **kwargs):
    return args, kwargs
print(h(*[1, 2], *(3,), x=1, **{"y": 2}))
print((lambda x, y=10: x * y)(3))
def outer():
    x = 1
    def mid():
        def inner():
            return x + 1
        return inner()
    return mid()
print(outer())
def counter():
    count = 0
    def inc(by=1):
        nonlocal count
        count += by
        return count
    return inc
c = counter()
print(c(), c(5), c())
def deco(tag):
    def wrap(fn):
        def inner(*a, **k):
            return f"<{tag}>{fn(*a, **k)}</{tag}>"
        inner.__name__ = fn.__name__
        return inner
    return wrap
@deco("b")
@deco("i")
def hello(name):
    return "hi " + name
print(hello("bob"), hello.__name__)
def rec(n):
    return n if n < 2 else rec(n - 1) + rec(n - 2)
print(rec(15))
def defaults(x=[]):
    x.append(1)
    return x
print(defaults(), defaults())
def kwonly(*, key):
    return key
print(kwonly(key=5))
print(f.__name__, g.__qualname__, outer.__doc__)
def doc():
    "a docstring"
print(doc.__doc__)
funcs = [lambda i=i: i * 2 for i in range(3)]
print([fn() for fn in funcs])
