# typing: generic aliases, special forms, NamedTuple/TypedDict classes, PEP 560 bases, get_origin/get_args
import typing
from typing import Tuple, List, Mapping, Union, Optional
import collections.abc
print(typing.get_origin(Mapping[str, int]), typing.get_args(Mapping[str, int]))
print(typing.get_origin(Tuple[int, ...]), typing.get_args(Tuple[int, ...]))
print(typing.get_origin(Union[int, str]), typing.get_args(Optional[int]))
print(typing.get_origin(List[int]), typing.get_origin(tuple[int, str]))
class A:
    x: int
    y: "A" = 3
    def __init_subclass__(cls, **kw):
        print("init_subclass", cls.__name__, cls.__dict__.get('__annotations__'))
class B(A):
    z: Tuple["B", ...] = ()
print(A.__annotations__)
print(Mapping[str, int])
print(typing.get_origin(tuple[int, ...]), typing.get_args(tuple[int, ...]), tuple[int, ...])
print(typing.Optional[int], typing.Union[int, str], typing.List[int], typing.Dict[str, typing.Any])
print(typing.Callable[[int], str], typing.Callable[..., int], typing.Tuple[()])
T = typing.TypeVar("T")
class Box(typing.Generic[T]):
    def __init__(self, v): self.v = v
print(Box(3).v, T, Box[int])
from typing import NamedTuple
class P(NamedTuple):
    x: int
    y: float = 1.0
    def norm(self): return self.x + self.y
print(P(1), P(1).norm(), P._fields)
Q = NamedTuple("Q", [("a", int)])
print(Q(2))
class TD(typing.TypedDict):
    a: int
print(TD(a=1), typing.get_type_hints(P))
print(isinstance([], typing.List), list[int]([1,2]), typing.List[int] == typing.List[int])
print(collections.abc.Iterable[int])
import dataclasses
@dataclasses.dataclass
class D:
    x: typing.ClassVar[int] = 3
    y: typing.List[int] = dataclasses.field(default_factory=list)
print(D(), dataclasses.fields(D)[0].name)
