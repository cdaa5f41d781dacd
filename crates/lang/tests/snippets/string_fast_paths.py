# String building fast paths: `s += t` appends in place only when the variable holds the
# only other reference, so aliases, dict keys, globals, cells and constants never change;
# `str(s)` is `s`; builtin constructors called with positional arguments; `count` of one
# character on ASCII and non-ASCII text.

def build_local(n):
    s = ""
    for i in range(n):
        s += str(i)
    return s


print(build_local(12), len(build_local(1000)))

g = "ab"
for i in range(3):
    g += "-"
print(g)

alias = g
g += "!"
print(alias, g, alias is g)


def alias_in_function():
    s = "x"
    keep = s
    s += "y"
    return keep, s


print(alias_in_function())

key = "k"
table = {key: 1}
key += "2"
print(table, key, table.get("k"), "k2" in table)
h1 = hash("abc1")
t = "abc"
hash(t)
t += "1"
print(hash(t) == h1, t == "abc1")


def in_list():
    parts = ["p"]
    parts[0] += "q"
    s = parts[0]
    s += "r"
    return parts, s


print(in_list())


def cell():
    s = "c"

    def add():
        nonlocal s
        s += "d"
        return s

    return add(), add(), s


print(cell())


def constant_stays():
    s = "const"
    s += "x"
    return s


print(constant_stays(), constant_stays())


class Holder:
    pass


h = Holder()
h.s = "attr"
h.s += "ibute"
print(h.s)

u = "é"
u += "ü"
u += "x"
print(u, len(u), u.count("x"), u.count("é"), "aéaéa".count("a"), "".count("a"))
print("9x99".count("9"), "abc".count(""), "ééé".count("é"))

s = "same"
print(str(s) is s, str(s) == s, str() == "", str(5), str(b"x"), str(b"x", "ascii"))
print(int("12"), int("ff", 16), float("1.5"), list("ab"), tuple([1, 2]), bool(0))
print(dict(a=1), set([1, 1]), list(), int())


def total():
    s = ""
    for piece in ["a", "b"]:
        s += piece
        s += 1


try:
    total()
except TypeError as e:
    print("TypeError:", e)

try:
    int("x")
except ValueError as e:
    print("ValueError:", e)

n = 0
try:
    n += "s"
except TypeError as e:
    print("TypeError:", e)
print(int("zz"))
