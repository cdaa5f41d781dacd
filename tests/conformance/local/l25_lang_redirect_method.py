import contextlib
import io
import sys
import types

buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    print("captured", 1, 2, sep="-")
print("outside:", repr(buffer.getvalue()))
saved = sys.stdout
sys.stdout = io.StringIO()
print("hidden")
hidden = sys.stdout.getvalue()
sys.stdout = saved
print("restored", repr(hidden))

class Greeter:
    def __init__(self, name):
        self.name = name
    def greet(self, greeting):
        return f"{greeting}, {self.name}"

bob = Greeter("Bob")
bound = Greeter.greet.__get__(bob, Greeter)
print(bound("Hi"), bound.__self__ is bob, bound.__func__ is Greeter.greet)
late = types.MethodType(lambda self, n: self.name * n, bob)
print(late(2), type(late).__name__)
print(Greeter.greet.__get__(None, Greeter) is Greeter.greet)
