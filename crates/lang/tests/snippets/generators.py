def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
print(list(count_up(5)), sum(count_up(10)))
def chain(*its):
    for it in its:
        yield from it
print(list(chain([1, 2], "ab", range(2))))
g = (x * x for x in range(4))
print(next(g), list(g))
def echo():
    received = yield "ready"
    while True:
        received = yield f"got {received}"
e = echo()
print(next(e), e.send(1), e.send("x"))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for v in fib():
    if v > 50:
        break
    out.append(v)
print(out)
def inner():
    x = yield 1
    return x * 2
def outer():
    r = yield from inner()
    yield r
o = outer()
print(next(o), o.send(21))
print(sum(x for x in range(10) if x % 2), max((len(w), w) for w in ["a", "bbb", "cc"]))
def gen_with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("gen cleanup")
for v in gen_with_finally():
    print(v)
print(type(count_up(1)).__name__)
nested = [[j for j in range(i)] for i in range(4)]
print(nested)
print({k: v for k, v in zip("abc", range(3))}, {x % 3 for x in range(10)})
it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "done"))
print(list(enumerate(count_up(3), 10)), list(zip(count_up(3), "xyz", [True] * 3)))
print(list(map(lambda a, b: a + b, [1, 2], [10, 20])), list(filter(None, [0, 1, "", "a"])))
print(list(reversed(range(5))), list(reversed("abc")), sorted("hello"), sorted([3, 1, 2], key=lambda v: -v))
