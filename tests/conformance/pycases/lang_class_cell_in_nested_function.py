# a function nested in a method sees the method's __class__ cell
class A:
    def f(self):
        return "A"
class B(A):
    def f(self):
        def inner():
            return __class__
        def deeper():
            def innermost():
                return __class__.__name__
            return innermost()
        return super().f() + inner().__name__ + deeper()
print(B().f())
