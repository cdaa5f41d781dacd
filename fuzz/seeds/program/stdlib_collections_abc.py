import collections
from collections import namedtuple, OrderedDict, defaultdict, Counter, deque, ChainMap
import collections.abc as cabc
from abc import ABC, abstractmethod

Point = namedtuple('Point', ['x', 'y'])
p = Point(1, y=2)
print(p, p.x, p[1], p._asdict(), p._replace(x=5), Point._make([3, 4]), Point._fields, len(p), p == (1, 2))
x, y = p
print(x + y, isinstance(p, tuple), type(p).__name__, hash(p) == hash((1, 2)))
P3 = namedtuple('P3', 'a b c', defaults=[0])
print(P3(1, 2), P3._field_defaults)
try:
    Point(1)
except TypeError as e:
    print(e)
od = OrderedDict()
od['b'] = 1; od['a'] = 2
od.move_to_end('b')
print(od, list(od), od.popitem(last=False), OrderedDict())
dd = defaultdict(list)
dd['k'].append(1)
dd['k'].append(2)
print(dd, dd['k'], 'z' in dd, dict(dd))
di = defaultdict(int)
for w in 'the cat the hat'.split():
    di[w] += 1
print(sorted(di.items()))
c = Counter('abracadabra')
print(c, c.most_common(2), c['z'], c.total(), sorted(c.elements())[:4])
c.update({'a': 1})
print(c['a'], c + Counter('aaz'), c - Counter('abc'), Counter(a=3) & Counter(a=1), Counter(a=1) | Counter(a=2))
dq = deque([1, 2, 3], maxlen=3)
dq.append(4)
dq.appendleft(0)
print(dq, dq.popleft(), dq.pop(), list(dq), len(dq))
d2 = deque(range(5))
d2.rotate(2)
print(d2, d2[0], deque())
cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(cm['a'], cm['b'], len(cm), sorted(cm))
print(isinstance([], cabc.Iterable), isinstance({}, cabc.Mapping), isinstance(3, cabc.Iterable), isinstance(p, cabc.Sequence))
print(isinstance(len, cabc.Callable), isinstance(iter([]), cabc.Iterator), isinstance(dd, cabc.MutableMapping), issubclass(list, cabc.Sized))
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def name(self): ...
class Square(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
    def name(self): return 'square'
try:
    Shape()
except TypeError as e:
    print(e)
print(Square(3).area(), isinstance(Square(2), Shape))
class Half(Shape):
    def area(self): return 1
try:
    Half()
except TypeError as e:
    print(e)
class MyMap(cabc.Mapping):
    def __init__(self, d): self._d = d
    def __getitem__(self, k): return self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
m = MyMap({'a': 1, 'b': 2})
print(m.get('a'), m.get('z', 0), 'a' in m, sorted(m.keys()), sorted(m.values()), isinstance(m, cabc.Mapping), dict(m))
