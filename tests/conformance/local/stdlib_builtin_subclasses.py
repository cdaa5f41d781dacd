class D(dict):
    def __missing__(self, k):
        return 0
d = D(a=1)
print(d['a'], d['b'], isinstance(d, dict), type(d).__name__, d, len(d), 'a' in d, list(d), d.get('a'))
d['z'] = 5
print(sorted(d.items()), d == {'a': 1, 'z': 5}, repr(d))
class T(tuple):
    pass
t = T((1,2))
print(t, t[0], len(t), t + (3,), hash(t) == hash((1, 2)), t == (1, 2))
class L(list):
    def total(self): return sum(self)
l = L([1,2,3])
l.append(4)
l += [5]
print(l.total(), l, type(l).__name__, l[1:3], l * 2)
class I(int):
    def double(self): return self * 2
i = I(5)
print(i + 1, i.double(), 1 + i, -i, i > 3, f"{i:03d}", str(i), isinstance(i, int), int(i) , abs(I(-3)))
class S(str):
    def shout(self): return self.upper() + '!'
s = S("x")
print(s.upper(), s.shout(), s + 'y', s == 'x', len(s), repr(s), f"{s}", {s: 1}['x'])
class F(float):
    pass
print(F(1.5) * 2, F('2.5'), round(F(1.26), 1))
class P(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self): return self[0]
p = P(3, 4)
print(p, p.x, type(p).__name__)
class AttrDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self
a = AttrDict(x=1)
print(a['x'])
class Counter2(dict):
    def __init__(self, items):
        super().__init__()
        for i in items:
            self[i] = self.get(i, 0) + 1
print(Counter2('abca'))
try:
    class B(bool): pass
except TypeError as e:
    print(e)
try:
    class X(dict, list): pass
except TypeError as e:
    print(e)
try:
    hash(L())
except TypeError as e:
    print(e)
import json
print(json.dumps(D(k=[1, 2])))
print(sorted(L([3,1,2])), max(T((4, 9, 2))), dict(d) == d, list(T((7,))))
