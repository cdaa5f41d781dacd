class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"V({self.x}, {self.y})"
    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x, self.y + o.y)
        return NotImplemented
    def __radd__(self, o):
        if o == 0:
            return self
        return NotImplemented
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self):
        return V(-self.x, -self.y)
    def __eq__(self, o):
        return isinstance(o, V) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return (self.x, self.y)[i]
    def __iter__(self):
        yield self.x
        yield self.y
    def __bool__(self):
        return bool(self.x or self.y)
    def __contains__(self, v):
        return v in (self.x, self.y)
    def __call__(self, z):
        return self.x + self.y + z
a, b = V(1, 2), V(3, 4)
print(a + b, 2 * a, a * 3, -a, a == V(1, 2), a != b, a < b, b > a, sorted([b, a]))
print(sum([a, b]), len(a), a[0], a[-1], list(a), bool(V(0, 0)), 2 in a, 5 in a, a(10))
print({a: 1}[V(1, 2)], {a, V(1, 2), b} == {a, b})
x, y = a
print(x, y)
class Acc:
    def __init__(self):
        self.items = []
    def __iadd__(self, v):
        self.items.append(v)
        return self
    def __setitem__(self, k, v):
        print("set", k, v)
    def __delitem__(self, k):
        print("del", k)
    def __getitem__(self, k):
        return k
    def __str__(self):
        return "Acc" + str(self.items)
acc = Acc()
acc += 1
acc += 2
acc["k"] = 5
del acc["k"]
print(acc, acc[1:2], acc[::2], acc[1, 2])
try:
    a + 1
except TypeError as e:
    print(e)
try:
    a < 1
except AttributeError as e:
    print("AttributeError", e)
class NoEq:
    def __eq__(self, o):
        return True
try:
    hash(NoEq())
except TypeError as e:
    print(e)
class Ctx:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, t, v, tb):
        print("exit", t.__name__ if t else None, v)
        return True
with Ctx() as c:
    raise KeyError("k")
print("after")
with Ctx(), Ctx() as d:
    print("body")
