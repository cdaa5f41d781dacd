def f():
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("bad value") from e
try:
    f()
except ValueError as e:
    print(type(e.__cause__).__name__, e.__suppress_context__)
try:
    try:
        {}["x"]
    except KeyError:
        raise RuntimeError("while handling")
except RuntimeError as e:
    print(repr(e.__context__), e.__cause__)
def g():
    try:
        return "try"
    finally:
        print("finally runs")
print(g())
def h():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print("fin", i)
    return i
print(h())
def k():
    try:
        raise ValueError("x")
    except ValueError:
        return "handled"
    finally:
        print("cleanup")
print(k())
class MyErr(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
try:
    raise MyErr(42, "custom")
except Exception as e:
    print(e.code, e, e.args, repr(e))
try:
    raise MyErr(1, "m") 
except (KeyError, MyErr) as e:
    print("tuple catch", type(e).__name__)
try:
    try:
        raise TypeError("inner")
    except TypeError:
        raise
except TypeError as e:
    print("reraised", e)
e2 = None
try:
    raise IndexError
except IndexError as e:
    e2 = e
print(repr(e2), str(e2) == "")
try:
    assert 1 == 2, "math broke"
except AssertionError as e:
    print("assert:", e)
try:
    assert False
except AssertionError as e:
    print("assert2:", repr(e))
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError), issubclass(ModuleNotFoundError, ImportError))
try:
    import nonexistent_mod
except ModuleNotFoundError as e:
    print(e)
try:
    raise StopIteration(5)
except StopIteration as e:
    print(e.value)
def gen():
    yield 1
    return 7
it = gen()
next(it)
try:
    next(it)
except StopIteration as e:
    print("gen return", e.value)
try:
    x = undefined_thing
except NameError as e:
    print(e)
def ul():
    print(y)
    y = 1
try:
    ul()
except UnboundLocalError as e:
    print(e)
try:
    int("abc")
except ValueError as e:
    print(e)
try:
    [].pop()
except IndexError as e:
    print(e)
try:
    (1, 2)[5]
except IndexError as e:
    print(e)
try:
    "abc"[10]
except IndexError as e:
    print(e)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print(e)
try:
    1 // 0
except ZeroDivisionError as e:
    print(e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print(e)
try:
    5 % 0
except ZeroDivisionError as e:
    print(e)
try:
    nothing = None
    nothing()
except TypeError as e:
    print(e)
try:
    one = 1
    one[0]
except TypeError as e:
    print(e)
try:
    for x in 5:
        pass
except TypeError as e:
    print(e)
try:
    {}.foo
except AttributeError as e:
    print(e)
class Q: pass
try:
    Q.bar
except AttributeError as e:
    print(e)
try:
    Q().bar
except AttributeError as e:
    print(e)
try:
    [1] + (2,)
except TypeError as e:
    print(e)
try:
    "a" * "b"
except TypeError as e:
    print(e)
try:
    1 < "a"
except TypeError as e:
    print(e)
try:
    hash([])
except TypeError as e:
    print(e)
try:
    {[]: 1}
except TypeError as e:
    print(e)
try:
    -"a"
except TypeError as e:
    print(e)
try:
    raise Exception("a", 1)
except Exception as e:
    print(e, e.args)
