def f(a, b: int = 2, *args: float, c, d=4, **kw) -> str:
    "Doc."
    return 1
print(f.__defaults__, f.__kwdefaults__, f.__annotations__, f.__doc__)
c = f.__code__
print(c.co_argcount, c.co_kwonlyargcount, c.co_posonlyargcount, c.co_varnames, c.co_flags, c.co_firstlineno, c.co_filename, c.co_name)
def g(x): pass
print(g.__annotations__, g.__kwdefaults__)
@staticmethod
def h(): pass
def deco(fn): return fn
@deco
def k(
    a,
):
    return a
print(k.__code__.co_firstlineno)
import sys
print(sys.modules['__main__'].__name__, sys.modules['__main__'].f is f)
class C:
    """Doc C."""
    def m(self, x: "str") -> None:
        """Method doc."""
print(C.__doc__, C.m.__doc__, C.m.__annotations__, C().m.__func__ is C.m)
class D(C):
    pass
print(D.__doc__)
