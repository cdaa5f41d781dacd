# expect: RecursionError
class A:
    def __repr__(self):
        return repr(A())
repr(A())
