import itertools
from itertools import (count, cycle, repeat, accumulate, chain, compress, dropwhile,
                       takewhile, filterfalse, groupby, islice, pairwise, starmap, tee,
                       zip_longest, product, permutations, combinations,
                       combinations_with_replacement)

# infinite iterators
print(list(islice(count(), 5)), list(islice(count(10, 5), 4)), list(islice(count(2.5, 0.5), 3)))
c = count(3)
next(c); next(c)
print(repr(c), repr(count(0, 2)), repr(count(1.5, 1.0)))
print(list(zip("abc", count(1))))
print(list(islice(cycle("AB"), 7)), list(cycle([])))
print(list(repeat("x", 3)), list(repeat(1, 0)), list(repeat(2, -1)), repr(repeat(7)), repr(repeat("a", 2)))
r = repeat(5, 2)
next(r)
print(repr(r), list(map(pow, range(5), repeat(2))))

# accumulate
print(list(accumulate([1, 2, 3, 4, 5])), list(accumulate([1, 2, 3], initial=100)))
print(list(accumulate([3, 4, 6, 2, 1, 9, 0, 7, 5, 8], max)), list(accumulate([], initial=0)), list(accumulate([])))
print(list(accumulate([1, 2, 3, 4], lambda a, b: a * b)), list(accumulate(["a", "b", "c"])))

# chain
print(list(chain("ABC", "DEF")), list(chain()), list(chain([1], [], (2, 3), range(4, 6))))
print(list(chain.from_iterable(["ABC", "DE", ""])), list(chain.from_iterable([[1, 2], [3]])))
ch = chain([1, 2], [3])
print(next(ch), list(ch), list(ch))

# filtering
print(list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])), list(compress(range(10), [True, False] * 5)))
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, "", "a", None, [], [0]])))
it = iter([1, 2, 3, 10, 4])
print(list(takewhile(lambda x: x < 3, it)), list(it))

# groupby
print([k for k, g in groupby("AAAABBBCCDAABBB")])
print([list(g) for k, g in groupby("AAAABBBCCD")])
data = [("a", 1), ("a", 2), ("b", 3), ("c", 4), ("c", 5), ("a", 6)]
for key, group in groupby(data, key=lambda pair: pair[0]):
    print(key, [v for _, v in group])
groups = list(groupby("aabbbc"))
print([(k, list(g)) for k, g in groups])
gb = groupby([1, 1, 2, 2, 2, 3])
k1, g1 = next(gb)
print(k1, next(g1))
k2, g2 = next(gb)
print(k2, list(g1), list(g2))
print(list(groupby([])), [(k, len(list(g))) for k, g in groupby(sorted("mississippi"))])
words = ["apple", "avocado", "banana", "blueberry", "cherry"]
print({k: list(g) for k, g in groupby(words, key=lambda w: w[0])})

# islice
print(list(islice("ABCDEFG", 2)), list(islice("ABCDEFG", 2, 4)), list(islice("ABCDEFG", 2, None)))
print(list(islice("ABCDEFG", 0, None, 2)), list(islice(range(100), 10, 20, 3)), list(islice([], 3)))
src = iter(range(10))
print(list(islice(src, 3)), next(src))
src = iter(range(10))
print(list(islice(src, 5, 2)), next(src))
print(list(islice(range(10), None)), list(islice(range(10), 8, 100)))

# pairwise, starmap, zip_longest
print(list(pairwise("ABCDEFG")), list(pairwise([1])), list(pairwise([])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(starmap(lambda *a: sum(a), [(1, 2, 3), ()])))
print(list(zip_longest("ABCD", "xy", fillvalue="-")), list(zip_longest([1, 2], [3], [4, 5, 6])))
print(list(zip_longest()), list(zip_longest("ab")))

# tee
a, b = tee([1, 2, 3, 4])
print(next(a), next(a), list(b), list(a))
x, y, z = tee(iter("abc"), 3)
print(list(x), list(y), list(z), tee([1], 0))
a, b = tee(count())
print([next(a) for _ in range(5)], next(b))
c1, c2 = tee(a)
print(next(c1), next(c1), next(c2), next(a))

# combinatorics
print(list(product("AB", "xy")), list(product(range(2), repeat=3)))
print(list(product("ab", [1, 2], repeat=2))[:6], list(product()), list(product("ab", [])))
print(len(list(product(range(3), range(4), range(2)))))
print(list(permutations("ABC")), list(permutations(range(4), 2)))
print(list(permutations([1, 2, 3], 0)), list(permutations([1, 2], 3)), len(list(permutations(range(5)))))
print(list(permutations(range(5), 3))[::7])
print(list(combinations("ABCD", 2)), list(combinations(range(5), 3)))
print(list(combinations([1, 2], 0)), list(combinations([1, 2], 5)), list(combinations([], 0)))
print(list(combinations_with_replacement("ABC", 2)), list(combinations_with_replacement(range(3), 3)))
print(list(combinations_with_replacement([], 2)), list(combinations_with_replacement([], 0)))
print(sum(1 for _ in combinations(range(10), 4)), sum(1 for _ in combinations_with_replacement(range(6), 3)))

# misuse
tests = [
    lambda: islice([1]), lambda: islice([1], -1), lambda: islice([1], "a"),
    lambda: islice([1], 1, 2, 0), lambda: islice([1], -1, 2), lambda: count("a"),
    lambda: combinations([1]), lambda: permutations([1], -1), lambda: product([1], repeat=-1),
    lambda: tee([1], -1), lambda: repeat(), lambda: cycle(1), lambda: list(chain(1)),
    lambda: chain.from_iterable(1), lambda: starmap(len), lambda: groupby(1),
    lambda: compress([1]), lambda: pairwise(1), lambda: combinations_with_replacement("ab", -2),
    lambda: permutations("ab", "x"), lambda: list(zip_longest([1], 5)),
    lambda: accumulate(None), lambda: dropwhile(None, 3), lambda: list(starmap(pow, [1])),
]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
