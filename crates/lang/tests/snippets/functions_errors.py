def f(a, b):
    pass
for call in [lambda: f(1), lambda: f(1, 2, 3), lambda: f(1, 2, z=3), lambda: f(1, a=2), lambda: f()]:
    try:
        call()
    except TypeError as e:
        print(e)
def g(a, b=1, *, c):
    pass
for call in [lambda: g(), lambda: g(1), lambda: g(1, 2, 3), lambda: g(1, 2, 3, c=4)]:
    try:
        call()
    except TypeError as e:
        print(e)
class A:
    def m(self, x):
        pass
try:
    A().m()
except TypeError as e:
    print(e)
try:
    A().m(1, 2)
except TypeError as e:
    print(e)
def p(a, /, b):
    pass
try:
    p(a=1, b=2)
except TypeError as e:
    print(e)
def many(a, b, c, d):
    pass
try:
    many()
except TypeError as e:
    print(e)
try:
    five = 5
    five()
except TypeError as e:
    print(e)
try:
    len(1, 2)
except TypeError as e:
    print(e)
