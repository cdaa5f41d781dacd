# expect: TypeError
# __prepare__ returning something that is not a mapping, after a deep metaclass chain.
M = type
for i in range(200):
    M = type('M%d' % i, (M,), {})
class Odd(M):
    @classmethod
    def __prepare__(mcls, name, bases):
        return 42
class C(metaclass=Odd):
    x = 1
