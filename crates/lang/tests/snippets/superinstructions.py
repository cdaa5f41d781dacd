# `x <op> K`, `x <cmp> K` and `return x` run as superinstructions for small ints; every other
# operand (floats, big ints, strs, lists, None, unbound locals) and every overflow must still
# take the ordinary path, with its results, exceptions and traceback positions.


def ops(x):
    return [x + 1, x - 2, x * 3, x // 2, x % 3, x ** 2, x / 2, x // -3, x % -3]


def bits(x):
    return [x & 6, x | 1, x ^ 5, x << 1, x >> 1]


def compares(x):
    out = []
    if x < 2:
        out.append("lt")
    if x >= 2:
        out.append("ge")
    if x == 3:
        out.append("eq")
    if x != 3:
        out.append("ne")
    out.append(x > 1)
    out.append(x <= 1)
    return out


for value in [0, 7, -7, 2.5, True, 2**62, 2**63 - 1, -(2**63), 2**100]:
    print(value, ops(value), compares(value))
    if not isinstance(value, float):
        print(bits(value))
try:
    bits(1.5)
except TypeError as e:
    print("TypeError:", e)

big = 2**63 - 1
print(big + 1, big * 3, -big - 2, (-(2**63)) // -1, (-(2**63)) % -1)
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, 5 % 3, -5 % 3)


def accumulate(n):
    total = 0
    for i in range(n):
        total += 3
        total -= 1
        if i % 3 == 0:
            total *= 1
    return total


print(accumulate(10))


def text(s):
    s += "!"
    return s * 2


print(text("hi"))


def same(x):
    return x


print(same([1]), same(None), same("s"))


def reads_unbound(flag):
    if flag:
        y = 1
    return y


print(reads_unbound(True))
try:
    reads_unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def adds_unbound(flag):
    if flag:
        y = 1
    return y + 1


try:
    adds_unbound(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)

i = 10
print(i % 3 == 1, i % 3, i - 1 < 9, i + 1 > 10)
i = "x"
try:
    print(i % 3)
except TypeError as e:
    print("TypeError:", e)


def bad(items):
    return items - 1


bad([1, 2])
