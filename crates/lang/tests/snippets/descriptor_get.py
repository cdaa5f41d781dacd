# Non-data descriptors: an object with __get__ found on the class binds on instance access.
class Tagged:
    def __init__(self, func):
        self.func = func

    def __get__(self, instance, owner):
        if instance is None:
            return self
        print("get", type(instance).__name__, owner.__name__)
        return lambda *args: self.func(instance, *args)


class Box:
    def __init__(self, v):
        self.v = v

    @Tagged
    def add(self, n):
        return self.v + n


b = Box(3)
print(b.add(4))
m = b.add
print(m(10))
print(type(Box.add).__name__)
b.add = lambda n: "shadowed"
print(b.add(1))


class Plain:
    x = Tagged(lambda self: "x of " + type(self).__name__)


print(Plain().x())


class NoGet:
    def __call__(self, *args):
        return len(args)


class Holder:
    f = NoGet()


print(Holder().f(1, 2))
