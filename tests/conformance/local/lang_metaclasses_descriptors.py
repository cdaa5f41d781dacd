class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        print("new", mcls.__name__, name, bases, sorted(k for k in ns if not k.startswith('__')), kw)
        cls = super().__new__(mcls, name, bases, ns)
        cls.tag = name.lower()
        return cls
    def __init__(cls, name, bases, ns, **kw):
        print("init", name)
        super().__init__(name, bases, ns)
    def __call__(cls, *a, **k):
        print("call", cls.__name__, a)
        return super().__call__(*a, **k)
    def __iter__(cls):
        return iter([1, 2, 3])
    def __len__(cls):
        return 3
    def __getitem__(cls, k):
        return k * 2
    def __contains__(cls, x):
        return x == 'yes'
    def __repr__(cls):
        return f"<meta {cls.__name__}>"
    @property
    def shout(cls):
        return cls.__name__.upper()
    def hello(cls):
        return "hello from " + cls.__name__

class A(metaclass=Meta, flag=1):
    x = 1
    def __init__(self, v):
        self.v = v
    def m(self):
        return __class__

class B(A):
    pass

print(type(A), type(B), A, B)
a = A(5)
print(a.v, a.m() is A, isinstance(a, A), isinstance(A, Meta), isinstance(A, type))
print(list(A), len(A), A[4], 'yes' in A, 'no' in A, A.shout, A.hello(), A.tag, B.tag)
print(type.__new__(Meta, 'C', (), {}), type('D', (A,), {'y': 2}))
C = Meta('C', (), {'z': 1})
print(C.z, type(C).__name__)
class M2(type): pass
try:
    class X(A, metaclass=M2): pass
except TypeError as e:
    print(e)
print(A.__class__, Meta.__mro__)
import abc
class Base(abc.ABC):
    @abc.abstractmethod
    def f(self): ...
class Impl(Base):
    def f(self): return 1
try:
    Base()
except TypeError as e:
    print(e)
print(Impl().f(), type(Base), isinstance(Impl(), Base))
class Other: pass
Base.register(Other)
print(isinstance(Other(), Base), issubclass(Other, Base))
class Q(metaclass=abc.ABCMeta):
    @abc.abstractmethod
    def g(self): pass
try: Q()
except TypeError as e: print(e)
from collections.abc import Callable, Iterable, Mapping
print(isinstance(len, Callable), isinstance(1, Callable), isinstance([], Iterable), isinstance({}, Mapping), isinstance(Impl, Callable))
class A:
    """Doc of A."""
print(A.__doc__)
class D:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, inst, owner=None):
        return 'got ' + self.name if inst is not None else self
    def __set__(self, inst, value):
        raise AttributeError("nope " + self.name)
class B:
    x = D()
b = B()
print(b.x)
try:
    b.x = 1
except AttributeError as e:
    print(e)
class B2(A):
    pass
print(B2.__doc__)
class Registry(type):
    classes = []
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        return {"registered_by": mcls.__name__}
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        mcls.classes.append(name)
        return cls
class Plugin(metaclass=Registry):
    pass
class Sub(Plugin):
    x = registered_by
print(Registry.classes, Sub.x, type(Sub).__name__)
class Ordered(dict):
    def __init__(self):
        super().__init__()
        self.order = []
    def __setitem__(self, key, value):
        self.order.append(key)
        super().__setitem__(key, value)
class OrderMeta(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return Ordered()
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = [k for k in ns.order if not k.startswith('__')]
        return cls
class Form(metaclass=OrderMeta):
    b = 1
    a = 2
    def c(self): pass
    b = 3
print(Form.order, Form.b)
class Singleton(type):
    _instances = {}
    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]
class Database(metaclass=Singleton):
    def __init__(self, url):
        self.url = url
print(Database("a") is Database("b"), Database("c").url)
class Validated:
    def __set_name__(self, owner, name):
        self.private = "_" + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private)
    def __set__(self, obj, value):
        if value < 0:
            raise ValueError(f"{self.private[1:]} must be non-negative")
        setattr(obj, self.private, value)
class Account:
    balance = Validated()
    def __init__(self, balance):
        self.balance = balance
acct = Account(10)
print(acct.balance, acct.__dict__, type(Account.__dict__['balance']).__name__)
try:
    acct.balance = -1
except ValueError as e:
    print(e)
