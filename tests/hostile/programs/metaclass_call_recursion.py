# expect: RecursionError
# A metaclass whose __call__ makes another instance of the class.
class Meta(type):
    def __call__(cls, *args):
        return cls(*args)
class A(metaclass=Meta):
    pass
A()
