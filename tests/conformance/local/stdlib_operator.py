import operator
from operator import itemgetter, attrgetter, methodcaller

print(operator.add(2, 3), operator.sub(10, 4), operator.mul(3, 7), operator.truediv(7, 2))
print(operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10), operator.neg(5))
print(operator.not_(0), operator.not_([1]), operator.truth([]), operator.is_(None, None), operator.is_not(1, None))
print(operator.eq(1, 1.0), operator.ne(1, 2), operator.lt(1, 2), operator.le(2, 2), operator.gt(1, 2), operator.ge(3, 2))
print(operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.inv(5), operator.invert(0))
print(operator.lshift(1, 4), operator.rshift(256, 2), operator.abs(-3.5), operator.pos(-2))
print(operator.and_({1, 2}, {2, 3}), operator.or_({1}, {2}), operator.add("ab", "cd"), operator.mul("ab", 3))
print(operator.concat([1, 2], [3]), operator.concat("ab", "c"), operator.contains([1, 2, 3], 2), operator.contains("abc", "z"))
print(operator.index(7), operator.index(True), operator.countOf([1, 2, 1, 1], 1), operator.indexOf("hello", "l"))
d = {"a": 1}
operator.setitem(d, "b", 2)
print(operator.getitem(d, "b"), d)
operator.delitem(d, "a")
print(d, operator.getitem([10, 20, 30], slice(1, None)), operator.getitem("hello", -1))
lst = [1, 2]
print(operator.iadd(lst, [3]), lst, operator.iadd(5, 1), operator.imul("x", 3), operator.isub(10, 3))
print(operator.length_hint([1, 2, 3]), operator.length_hint(iter([])), operator.length_hint(5, 9))

class Num:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
print(operator.index(Num(4)), [10, 20, 30, 40, 50][operator.index(Num(2))])

product = 1
for k in range(1, 8):
    product = operator.mul(product, k)
print(product, list(map(operator.add, [1, 2, 3], [10, 20, 30])))
print(sorted([3, 1, 2], key=operator.neg), list(map(operator.pow, [2, 3], [3, 2])))

# itemgetter
rows = [("alice", 30, "NYC"), ("bob", 25, "LA"), ("carol", 35, "SF"), ("dave", 25, "NYC")]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(1, 0)))
print(itemgetter(0)(rows), itemgetter(1, -1)("abcdef"), itemgetter("a", "c")({"a": 1, "b": 2, "c": 3}))
print(list(map(itemgetter(2), rows)), itemgetter(slice(2, None))([1, 2, 3, 4]))
print(repr(itemgetter(1)), repr(itemgetter(1, "a")))
inventory = {"apple": 3, "banana": 2, "pear": 5}
print(sorted(inventory.items(), key=itemgetter(1)), max(inventory.items(), key=itemgetter(1)))

# attrgetter
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def scaled(self, k, offset=0):
        return Point(self.x * k + offset, self.y * k + offset)
class Segment:
    def __init__(self, a, b):
        self.start, self.end = a, b
pts = [Point(3, 1), Point(1, 2), Point(2, 0)]
print(sorted(pts, key=attrgetter("x")), sorted(pts, key=attrgetter("y", "x")))
seg = Segment(Point(0, 1), Point(5, 6))
print(attrgetter("start.y")(seg), attrgetter("start.x", "end.y", "end")(seg))
print(repr(attrgetter("x")), repr(attrgetter("a.b", "c")))

# methodcaller
print(methodcaller("upper")("hello"), methodcaller("split", ",")("a,b,c"), methodcaller("split", ",", maxsplit=1)("a,b,c"))
print(methodcaller("scaled", 2, offset=1)(Point(1, 2)), list(map(methodcaller("strip"), [" a ", "b  "])))
print(repr(methodcaller("split", ",", maxsplit=1)), repr(methodcaller("lower")))

# errors
tests = [lambda: operator.index("a"), lambda: operator.index(2.5), lambda: operator.concat(1, 2),
         lambda: itemgetter(), lambda: attrgetter(1), lambda: attrgetter(), lambda: methodcaller(),
         lambda: methodcaller(1), lambda: attrgetter("z")(Point(1, 2)), lambda: itemgetter(5)([1]),
         lambda: operator.truediv(1, 0), lambda: operator.add(1, "a"), lambda: operator.neg("a"),
         lambda: operator.indexOf([1, 2], 3), lambda: methodcaller("nope")(1)]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
