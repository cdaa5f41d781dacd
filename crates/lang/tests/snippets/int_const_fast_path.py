# `x <op> CONST` and `if x <cmp> CONST:` on small ints run as one step; overflow into big
# ints, division by zero, bools, floats, `in` and chained comparisons take the ordinary path
# with the same results, errors and traceback positions.

big = 2**63 - 1
print(big + 1, -big - 2, big * 2, big - -1, (-big - 1) // -1, (-big - 1) % -1)
x = 7
print(x + 1, x - 10, x * 3, x // 2, x % 3, x & 3, x | 8, x ^ 2, x ** 2, x / 2, x << 2, x >> 1)
x += 5
x -= 1
x *= 2
print(x, x > 3, x < 3, x == 22, x != 22, x >= 22, x <= 21)
t = True
print(t + 1, t < 2, t == 1, 2.5 < 3, 2.5 + 1, 3 < 2.5)
print([i for i in range(20) if i % 3 == 0], [i for i in range(10) if not i < 5])
print(0 < x < 100, 0 < x < 10, 1 if x < 2 else 2, x < 2 or x > 5, x < 2 and x > 5)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(15))
n = 0
while n < 10:
    n += 3
print(n)
count = 0
for i in range(100):
    if i < 50:
        count += 1
    elif i == 99:
        count += 100
print(count)
try:
    print(x in 3)
except TypeError as e:
    print("TypeError:", e)
try:
    print(x % 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
y = 5
print(y // 0)
