import copy

# containers
a = [1, [2, 3], {"k": [4]}]
s = copy.copy(a)
d = copy.deepcopy(a)
a[1].append(99)
a[2]["k"].append(5)
print(s, d, s is a, s[1] is a[1], d[1] is a[1])
cfg = {"name": "x", "tags": ["a", "b"], "nested": {"n": (1, [2])}}
c1, c2 = copy.copy(cfg), copy.deepcopy(cfg)
cfg["tags"].append("c")
cfg["nested"]["n"][1].append(3)
print(c1, c2)
t = (1, 2, "three")
print(copy.copy(t) is t, copy.deepcopy(t) is t, copy.deepcopy((1, [2]))[1] is (1, [2])[1])
tl = (1, [2])
print(copy.deepcopy(tl) is tl, copy.deepcopy(tl) == tl, copy.copy(tl) is tl)
st = {1, 2, 3}
print(copy.copy(st) == st, copy.copy(st) is st, copy.deepcopy(frozenset({1, 2})))
print(copy.copy(42), copy.copy("s"), copy.copy(None), copy.deepcopy(3.5), copy.copy(len) is len)

# shared and recursive structures
shared = [0]
pair = [shared, shared]
dp = copy.deepcopy(pair)
print(dp, dp[0] is dp[1], dp[0] is shared)
rec = [1, 2]
rec.append(rec)
rc = copy.deepcopy(rec)
print(rc[2] is rc, rc[2] is rec, len(rc))
rd = {"self": None}
rd["self"] = rd
rdc = copy.deepcopy(rd)
print(rdc["self"] is rdc)

# memo
memo = {}
x = [1, 2]
y = copy.deepcopy([x, x], memo)
print(id(x) in memo, memo[id(x)] == [1, 2], y[0] is y[1])

# __copy__ / __deepcopy__
class Tracked:
    def __init__(self, value):
        self.value = value
    def __copy__(self):
        print("__copy__ called")
        return Tracked(self.value)
    def __deepcopy__(self, memo):
        print("__deepcopy__ called")
        return Tracked(copy.deepcopy(self.value, memo))
tr = Tracked([1, 2])
tc, td = copy.copy(tr), copy.deepcopy(tr)
print(tc.value is tr.value, td.value == tr.value, td.value is tr.value)

print("---- plain instances")
class Point:
    instances = 0
    def __init__(self, x, y):
        Point.instances += 1
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x!r}, {self.y!r})"
p = Point(1, [2])
q, r = copy.copy(p), copy.deepcopy(p)
p.y.append(3)
print(q, r, type(q).__name__, Point.instances, q.y is p.y, r.y is p.y)

class Slotted:
    __slots__ = ("a", "b")
    def __init__(self):
        self.a = [1]
sl = Slotted()
sc = copy.deepcopy(sl)
print(sc.a, sc.a is sl.a, hasattr(sc, "b"))

class WithState:
    def __init__(self):
        self.data = [1]
        self.cache = "expensive"
    def __getstate__(self):
        state = dict(self.__dict__)
        del state["cache"]
        return state
    def __setstate__(self, state):
        for name, value in state.items():
            setattr(self, name, value)
        self.cache = "rebuilt"
ws = copy.deepcopy(WithState())
print(ws.data, ws.cache)

def gen():
    yield 1
try:
    copy.copy(gen())
except TypeError as e:
    print("TypeError", e)
try:
    copy.deepcopy(gen())
except TypeError as e:
    print("TypeError", e)
