# LoadMethod inline caches: the same `obj.m()` line seeing other classes, builtin receivers
# and user classes with methods of the same name, methods patched on the class or a base
# after the line ran, and instance attributes shadowing a method later.


class Base:
    def m(self):
        return "Base.m"


class Child(Base):
    pass


class Other:
    def m(self):
        return "Other.m"

    def append(self, x):
        return "Other.append " + str(x)


def call_m(o):
    return o.m()


def call_append(o, x):
    return o.append(x)


b, c, o = Base(), Child(), Other()
for _ in range(3):
    print(call_m(b), call_m(c), call_m(o))
Base.m = lambda self: "patched Base.m"
print(call_m(b), call_m(c), call_m(o))


def child_m(self):
    return "Child.m"


Child.m = child_m
print(call_m(b), call_m(c))
del Child.m
print(call_m(c))
c.m = lambda: "instance attribute"
print(call_m(c), call_m(Child()))
del c.m
print(call_m(c))


class Appender:
    def __init__(self):
        self.items = []

    def append(self, x):
        self.items.append(x * 10)
        return "Appender.append"


xs, ys = [], Appender()
for i in range(3):
    print(call_append(xs, i), call_append(ys, i), call_append(o, i))
print(xs, ys.items)


class WithStatic:
    @staticmethod
    def m():
        return "static"

    @classmethod
    def k(cls):
        return cls.__name__


w = WithStatic()
print(call_m(w), w.k(), call_m(b))
d = {"a": 1}
for key in ["a", "b"]:
    print(d.get(key), d.get(key, 0), "s,t".split(","), (1, 2).index(2))


def make_instance_method_go():
    class Late:
        pass

    late = Late()
    try:
        late.m()
    except AttributeError as e:
        print("AttributeError:", e)
    Late.m = lambda self: "added later"
    print(late.m())


make_instance_method_go()
make_instance_method_go()
print(call_m(42))
