from enum import Enum, IntEnum, Flag, IntFlag, auto, StrEnum, unique
import enum
class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1
print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value, list(Color), len(Color))
try: print(1 in Color)
except Exception as e: print(type(e).__name__, e)
print(Color.RED in Color, Color.__members__)
try: Color.RED < Color.GREEN
except Exception as e: print(type(e).__name__, e)
try:
    class More(Color): X = 3
except Exception as e: print(type(e).__name__, e)
try:
    @unique
    class U(Enum):
        A = 1; B = 1; C = 2; D = 2
except Exception as e: print(type(e).__name__, e)
class P(Flag):
    R = auto(); W = auto(); X = auto()
print(repr(P.R|P.W), str(P.R|P.W), repr(P(0)), repr(~P.R), list(P.R|P.X), P(3), bool(P(0)), P.R in P(3))
class IP(IntFlag):
    R = 4; W = 2; X = 1
print(repr(IP.R|IP.W), str(IP.R|IP.W), repr(IP.R|8), IP.R|8, repr(~IP.R), format(IP.R, ''), f"{IP.R}")
class S(StrEnum):
    A = auto(); B = 'bee'
print(repr(S.A), str(S.A), S.A == 'a', f"{S.B}")
class N(IntEnum):
    ONE = 1; TWO = 2
print(repr(N.ONE), str(N.ONE), N.ONE + 1, f"{N.TWO}", N(2), N.ONE < N.TWO, sorted([N.TWO, N.ONE]))
print({1: 'one'}[N.ONE], N.ONE == 1, isinstance(N.ONE, int))
print(Color(1), Color['GREEN'], repr(Color), type(Color), hash(Color.RED) == hash('RED'))
try: Color(7)
except Exception as e: print(type(e).__name__, e)
try: Color['X']
except Exception as e: print(type(e).__name__, repr(e))
A = Enum('A', 'X Y Z')
print(list(A), A.X.value, A.__module__)
B = Enum('B', [('P', 5), ('Q', 6)])
print(list(B))
class Auto(Enum):
    A = auto(); B = auto(); C = 10; D = auto()
print(list(Auto), [m.value for m in Auto])
print(Color.RED.name, Color.RED.value, Color.ALIAS is Color.RED, len(Color), list(reversed(Color)))
class P2(Flag):
    R = 1; W = 2; X = 4; RW = 3
print(str(P2(0)), list(P2), P2.RW, repr(P2.RW), P2.__members__.keys(), len(P2.R|P2.W))
try: P2(8)
except Exception as e: print(type(e).__name__, e)
class Q(Flag):
    B = 2; A = 1
print(repr(Q.A|Q.B), list(Q(3)))
class M(int, Enum):
    A = 1
print(f"{M.A}", str(M.A), repr(M.A))
class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH   = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def surface_gravity(self):
        G = 6.673e-11
        return G * self.mass / (self.radius * self.radius)
print(Planet.EARTH.value, Planet.EARTH.mass, Planet((3.303e+23, 2.4397e6)), round(Planet.EARTH.surface_gravity, 3))
print(type(P.__members__), P.__members__)
print(P.R.__class__, Flag.__members__, repr(Flag), repr(Enum), len(Enum))
print(IntFlag.__mro__, IntEnum.__mro__)
class Mood(Enum):
    FUNKY = 1
    HAPPY = 3
    def describe(self):
        return self.name, self.value
    def __str__(self):
        return 'my custom str! {0}'.format(self.value)
    @classmethod
    def favorite_mood(cls):
        return cls.HAPPY
print(Mood.favorite_mood(), Mood.HAPPY.describe(), str(Mood.FUNKY))
import copy
print(copy.deepcopy(Color.RED) is Color.RED, copy.copy(P.R) is P.R)
d = {Color.RED: 'r', Color.GREEN: 'g'}
print(d[Color.ALIAS], sorted(Color, key=lambda c: c.value), max(N))
class Shape(Enum):
    SQUARE = 2
    @classmethod
    def _missing_(cls, value):
        return cls.SQUARE
print(Shape(99), isinstance(Shape.SQUARE, Enum), issubclass(Shape, Enum), type(Shape.SQUARE))
print([m.name for m in enum.FlagBoundary], enum.STRICT, Color.RED.__class__.__name__)
import json
from dataclasses import dataclass
from dataclasses import dataclass

class Mode(enum.Enum):
    """Training modes."""
    TRAIN = "train"
    EVAL = "eval"
    PREDICT = "predict"

    @property
    def is_training(self):
        return self is Mode.TRAIN

class Level(enum.IntEnum):
    LOW = enum.auto()
    MID = enum.auto()
    HIGH = enum.auto()

@dataclass
class Config:
    mode: Mode = Mode.TRAIN
    level: Level = Level.MID

cfg = Config()
print(cfg)
print(Mode.__doc__, Mode("eval"), Mode.EVAL.is_training, Mode.TRAIN.is_training)
for name, member in Mode.__members__.items():
    print(name, member, member.value)
print(json.dumps({"level": Level.HIGH}), Level.HIGH > 2, Level.LOW + Level.MID, list(range(Level.HIGH)))
print(f"{Mode.TRAIN.value:>10}|{Level.MID:03d}|{Mode.EVAL!r}")
print({Mode.TRAIN, Mode.TRAIN, Mode.EVAL} == {Mode.EVAL, Mode.TRAIN}, Mode.TRAIN is Mode("train"))
Weekday = enum.Enum("Weekday", "MON TUE WED", start=0)
print(list(Weekday), Weekday.TUE.value, Weekday(2))
class Constants(enum.Enum):
    _ignore_ = ["tmp"]
    tmp = 5
    PI = 3.14
    helper = enum.nonmember(42)
    @enum.member
    def fn(x):
        return x
print([m.name for m in Constants], Constants.helper, Constants.fn.value(3))
class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1
    RWX = 7
rw = Perm.R | Perm.W
print(rw, repr(rw), Perm.R in rw, Perm.X in rw, list(rw), int(rw), rw & Perm.R, repr(Perm.RWX), list(Perm))
print(Perm(0), repr(Perm(0)), Perm.R == 4, Perm(7))
class Color(enum.Flag):
    RED = enum.auto()
    GREEN = enum.auto()
    BLUE = enum.auto()
    WHITE = RED | GREEN | BLUE
print(repr(Color.WHITE), list(Color.WHITE), Color.RED | Color.BLUE, ~Color.RED, Color(0))
try:
    Mode("bogus")
except ValueError as e:
    print("ValueError:", e)
try:
    Mode.TRAIN.value = 3
except AttributeError as e:
    print("AttributeError:", e)
print(sorted(Level, reverse=True), Level["LOW"], Level(3).name, type(Level.LOW).__mro__[1])
print(isinstance(Mode, enum.EnumMeta), enum.EnumMeta is enum.EnumType)
