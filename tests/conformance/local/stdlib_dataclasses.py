from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass, FrozenInstanceError
from typing import List, Optional, ClassVar


@dataclass
class Point:
    x: int
    y: int = 0

p = Point(1, 2)
print(p, p == Point(1, 2), p != Point(2, 1), Point(3), asdict(p), astuple(p))
print([f.name for f in fields(Point)], is_dataclass(p), is_dataclass(Point), is_dataclass(3))
print(replace(p, y=5), Point.__init__.__qualname__ if hasattr(Point.__init__, '__qualname__') else '')


@dataclass
class Config:
    name: str
    layers: List[int] = field(default_factory=list)
    dropout: float = 0.1
    tag: Optional[str] = None
    count: ClassVar[int] = 0

c = Config('mlp', [64, 32])
c2 = Config('cnn')
c2.layers.append(8)
print(c, c2, Config('x').layers, Config.count)
print(asdict(c))


@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int = 0

v = Version(1, 2)
print(v < Version(1, 3), sorted([Version(2), Version(1, 5), Version(1)]), hash(v) == hash(Version(1, 2)))
try:
    v.major = 3
except FrozenInstanceError as e:
    print('FrozenInstanceError:', e)


@dataclass
class Node:
    value: int
    children: list = field(default_factory=list, repr=False)

    def __post_init__(self):
        self.double = self.value * 2

n = Node(4)
print(n, n.double, n.children)


@dataclass
class Base:
    a: int
    b: str = 'b'

@dataclass
class Child(Base):
    c: float = 1.0

print(Child(1), Child(1, 'x', 2.5), [f.name for f in fields(Child)])
for call in [lambda: Point(), lambda: Point(1, 2, 3), lambda: Point(1, z=3), lambda: Point(1, x=2)]:
    try:
        call()
    except TypeError as e:
        print('TypeError:', e)
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print('TypeError:', e)
try:
    @dataclass
    class Mutable:
        items: list = []
except ValueError as e:
    print('ValueError:', e)
print(Point.__eq__(p, (1, 2)), {Version(1): 'v1'}[Version(1)])
try:
    hash(p)
except TypeError as e:
    print('TypeError:', e)
