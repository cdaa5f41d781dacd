import functools
from functools import reduce, partial, wraps, lru_cache, cache, total_ordering, cmp_to_key

# reduce
print(reduce(lambda a, b: a + b, [1, 2, 3, 4, 5]))
print(reduce(lambda a, b: a * b, range(1, 6), 10))
print(reduce(lambda a, b: a + b, [], "init"))
print(reduce(max, [3, 9, 2]), reduce(lambda acc, s: acc + s.upper(), ["a", "b"], ""))
for args in [(lambda a, b: a, []), (lambda a, b: a, 5), (len,), ()]:
    try:
        reduce(*args)
    except TypeError as e:
        print("TypeError", e)
try:
    reduce(lambda a, b: a, [1], initial=0)
except TypeError as e:
    print("TypeError", e)

# partial
def power(base, exponent, *, mod=None):
    return base ** exponent if mod is None else pow(base, exponent, mod)
square = partial(power, exponent=2)
cube = partial(power, exponent=3)
print(square(5), cube(2), square(7, mod=10))
basetwo = partial(int, base=2)
print(basetwo("10010"), repr(basetwo))
print(basetwo.func is int, basetwo.args, basetwo.keywords)
p = partial(max, 1, 2, key=abs)
print(repr(p), p(-5))
pp = partial(p, 3, default=0)
print(repr(pp), pp.args, pp.keywords, pp.func is max)
print(repr(partial(power, 3)).startswith("functools.partial(<function power at "))
print(list(map(partial(power, 2), range(5))))
try:
    partial(42)
except TypeError as e:
    print("TypeError", e)
try:
    partial()
except TypeError as e:
    print("TypeError", e)

# wraps / update_wrapper
def trace(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        print("calling", func.__name__, args, kwargs)
        return func(*args, **kwargs)
    return wrapper

@trace
def add(a, b=1):
    "Add two numbers."
    return a + b

print(add(2, b=3))
print(add.__name__, add.__doc__, add.__wrapped__.__name__, add.__qualname__)

def other():
    "other's doc"
def wrapper_fn():
    pass
functools.update_wrapper(wrapper_fn, other)
print(wrapper_fn.__name__, wrapper_fn.__doc__, wrapper_fn.__wrapped__ is other)
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)

# lru_cache
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print([fib(n) for n in range(16)])
print(fib.cache_info())
fib.cache_clear()
print(fib.cache_info())

@lru_cache
def sq(x):
    print("computing", x)
    return x * x
print(sq(2), sq(3), sq(2))
print(sq.cache_info())
info = sq.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info[0], tuple(info), list(info))
print(info == (1, 2, 128, 2), sq.cache_parameters())

@lru_cache(maxsize=2)
def ident(x):
    print("miss", x)
    return x
for v in [1, 2, 1, 3, 2, 1]:
    ident(v)
print(ident.cache_info())

@lru_cache(maxsize=32, typed=True)
def typed_fn(x):
    return type(x).__name__
print(typed_fn(1), typed_fn(1.0), typed_fn(True), typed_fn.cache_info(), typed_fn.cache_parameters())

@lru_cache(maxsize=0)
def nocache(x):
    return x
nocache(1); nocache(1)
print(nocache.cache_info())

@lru_cache()
def kw(a, b=0, **rest):
    return a + b + sum(rest.values())
print(kw(1), kw(1, b=2), kw(1, b=2), kw(a=1, b=2), kw(1, c=5), kw.cache_info())
try:
    kw([1])
except TypeError as e:
    print("TypeError", e)
try:
    lru_cache("big")
except TypeError as e:
    print("TypeError", e)

@cache
def factorial(n):
    return n * factorial(n - 1) if n else 1
print(factorial(10), factorial(5), factorial(12), factorial.cache_info())

# total_ordering
@total_ordering
class Version:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor
    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return (self.major, self.minor) == (other.major, other.minor)
    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return (self.major, self.minor) < (other.major, other.minor)
    def __repr__(self):
        return f"Version({self.major}, {self.minor})"

a, b, c = Version(1, 2), Version(1, 10), Version(1, 2)
print(a < b, a > b, a <= c, a >= b, b >= a, a <= b, a == c, a != b)
print(sorted([Version(2, 0), Version(1, 5), Version(1, 0)]), max(a, b))
try:
    print(a > 3)
except TypeError as e:
    print("TypeError", e)

@total_ordering
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __eq__(self, other):
        return self.cents == other.cents
    def __ge__(self, other):
        return self.cents >= other.cents
m1, m2 = Money(5), Money(7)
print(m1 < m2, m1 > m2, m1 <= m2, m1 >= m2, m2 <= m2)
try:
    @total_ordering
    class Nothing:
        pass
except ValueError as e:
    print("ValueError", e)

# cmp_to_key
def by_length_then_alpha(x, y):
    if len(x) != len(y):
        return len(x) - len(y)
    return (x > y) - (x < y)
print(sorted(["pear", "fig", "apple", "kiwi", "banana", "date"], key=cmp_to_key(by_length_then_alpha)))
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))
K = cmp_to_key(lambda a, b: a - b)
print(K(1) < K(2), K(2) <= K(2), K(3) == K(3), K(1) > K(2))
try:
    K(1) < 2
except TypeError as e:
    print("TypeError", e)
try:
    hash(K(1))
except TypeError as e:
    print("TypeError")  # message names the type: 'functools.KeyWrapper' in CPython

# singledispatch
@functools.singledispatch
def describe(arg):
    return f"object {arg!r}"

@describe.register(int)
def _(arg):
    return f"int {arg}"

@describe.register(list)
def _(arg):
    return "list of " + ", ".join(describe(x) for x in arg)

def describe_str(arg):
    return f"str {arg!r}"
describe.register(str, describe_str)

class Animal:
    pass
class Dog(Animal):
    pass
@describe.register(Animal)
def _(arg):
    return "an animal: " + type(arg).__name__

print(describe(3), "|", describe("hi"), "|", describe(2.5), "|", describe([1, "a", None]))
print(describe(True), "|", describe(Dog()), "|", describe(Animal()))
print(describe.dispatch(bool) is describe.dispatch(int), describe.dispatch(float) is describe.__wrapped__)
print(sorted(k.__name__ for k in describe.registry))
try:
    describe()
except TypeError as e:
    print("TypeError", e)

# cached_property
class Dataset:
    def __init__(self, data):
        self.data = data
    @functools.cached_property
    def total(self):
        "Sum of the data."
        print("computing total")
        return sum(self.data)

d = Dataset([1, 2, 3])
print(d.total, d.total)
print(sorted(vars(d)))
del d.total
print(d.total)
print(Dataset.total.__doc__, type(Dataset.total).__name__)
