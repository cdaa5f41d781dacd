# __new__ returning a subclass instance runs that subclass's __init__
class A:
  def __new__(cls, x=None, *args, **kwargs):
    print("new", cls, x)
    if x == 1:
      return B.make()
    return object.__new__(cls)
  def __init__(self, x=None):
    print("init A", x)
class B(A):
  def __init__(self, *a, **k):
    print("init B")
  @classmethod
  def make(cls):
    return object.__new__(cls)
print(type(A(1)), type(A(2)))
