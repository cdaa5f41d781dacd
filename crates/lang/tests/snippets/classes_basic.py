class Animal:
    kingdom = "animalia"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"
class Dog(Animal):
    def speak(self):
        return "woof"
class Puppy(Dog):
    def speak(self):
        return super().speak() + "!"
p = Puppy("rex")
print(p, p.speak(), p.kingdom, Puppy.kingdom, isinstance(p, Animal), issubclass(Puppy, Dog))
print(Puppy.__mro__)
print(Puppy.__name__, Puppy.__qualname__, Puppy.__module__, Puppy.__bases__)
class Plain:
    pass
o = Plain()
o.x = 1
print(o.x, vars(o), hasattr(o, "y"), getattr(o, "y", 7))
setattr(o, "y", 3)
delattr(o, "x")
print(vars(o))
class Temp:
    def __init__(self):
        self._c = 0
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273:
            raise ValueError("too cold")
        self._c = v
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
t = Temp()
t.celsius = 100
print(t.celsius, t.fahrenheit)
try:
    t.fahrenheit = 5
except AttributeError as e:
    print(e)
try:
    t.celsius = -300
except ValueError as e:
    print(e)
class C:
    n = 0
    @classmethod
    def make(cls):
        cls.n += 1
        return cls()
    @staticmethod
    def twice(x):
        return 2 * x
print(C.make(), C.n, C.twice(4), C().twice(5)) if False else print(C.n, C.twice(4), C().twice(5))
c = C.make()
print(type(c).__name__, C.n)
class A:
    def who(self): return "A"
class B(A):
    def who(self): return "B" + super().who()
class C2(A):
    def who(self): return "C" + super().who()
class D(B, C2):
    def who(self): return "D" + super().who()
print(D().who(), [k.__name__ for k in D.__mro__])
print(type(p), type(1), type("s"), type(None), type(Plain))
print(repr(Plain)[:20])
