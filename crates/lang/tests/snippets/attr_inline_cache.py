# Per-instruction attribute caches (LoadAttr/StoreAttr on instances): the same code line
# seeing different classes, instances whose dicts hold the attributes in different orders,
# deleted attributes, properties and __setattr__ added after the line ran, and class
# attributes shadowed later must all behave as without a cache.


class A:
    def __init__(self, x, y):
        self.x = x
        self.y = y


class B:
    def __init__(self, x, y):
        self.y = y
        self.x = x


def get_x(o):
    return o.x


def get_y(o):
    return o.y


def set_x(o, v):
    o.x = v


objs = [A(1, 2), B(3, 4), A(5, 6), B(7, 8)]
for _ in range(3):
    print([get_x(o) for o in objs], [get_y(o) for o in objs])
for i, o in enumerate(objs):
    set_x(o, i * 10)
print([get_x(o) for o in objs], [vars(o) for o in objs])

# Different insertion orders within one class.
a1 = A(1, 2)
a2 = A(3, 4)
del a2.x
a2.x = 30
print(get_x(a1), get_x(a2), get_y(a1), get_y(a2), vars(a2))
set_x(a1, 11)
set_x(a2, 33)
print(vars(a1), vars(a2))

# A deleted attribute after the site cached it.
del a1.x
try:
    get_x(a1)
except AttributeError as e:
    print("AttributeError:", e)
set_x(a1, 12)
print(get_x(a1), vars(a1))

# A property added to the class after the site cached the instance attribute.
c = A(1, 2)
print(get_x(c))
A.x = property(lambda self: "prop", lambda self, v: print("setter", v))
print(get_x(c), vars(c))
set_x(c, 99)
print(vars(c))
del A.x
print(get_x(c))
set_x(c, 100)
print(get_x(c))


# __setattr__ added later.
def logging_setattr(self, name, value):
    print("setattr", name, value)
    object.__setattr__(self, name, value)


A.__setattr__ = logging_setattr
set_x(c, 101)
print(get_x(c))
del A.__setattr__
set_x(c, 102)
print(get_x(c))


# Subclass instances at the same site, class attributes vs instance attributes.
class S(A):
    x = "class-level"

    def __init__(self):
        pass


s = S()
print(get_x(s))
s.x = "instance-level"
print(get_x(s))
del s.x
print(get_x(s))
for o in [A(1, 2), s, A(3, 4), s]:
    print(get_x(o))


# __getattr__ fallback and the attribute appearing later.
class G:
    def __getattr__(self, name):
        return "missing " + name


g = G()
print(get_x(g))
g.x = "present"
print(get_x(g))
del g.x
print(get_x(g))

# setattr() writes where the cached site reads.
setattr(a2, "x", "via setattr")
print(get_x(a2), vars(a2))


# Slots of a loop: the same instruction reused thousands of times with alternating shapes.
class P:
    def __init__(self, x):
        self.x = x

    def step(self):
        self.x = self.x + 1
        return self.x


p, q = P(0), P(100)
q.extra = 1
del q.x
q.x = 100
total = 0
for i in range(1000):
    total += (p if i % 2 else q).step()
print(p.x, q.x, total, vars(q))
print(get_x(object()))
