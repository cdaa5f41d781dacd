import bisect
from bisect import bisect_left, bisect_right, insort_left

a = [1, 2, 4, 4, 4, 7, 9]
for x in [0, 1, 3, 4, 5, 9, 10]:
    print(x, bisect_left(a, x), bisect_right(a, x), bisect.bisect(a, x))

print(bisect_left(a, 4, 3), bisect_left(a, 4, 0, 2), bisect_right(a, 4, hi=4), bisect_right(a, 4, lo=5))
print(bisect.bisect_left([], 3), bisect.bisect_right([], 3))

def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    i = bisect.bisect(breakpoints, score)
    return grades[i]

print([grade(score) for score in [33, 99, 77, 70, 89, 90, 100]])

# insort keeps order
s = []
for v in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    bisect.insort(s, v)
print(s)
insort_left(s, 5)
bisect.insort_right(s, 0)
bisect.insort_left(s, 10, 3)
print(s)

# key= (3.10+)
records = [("black", 0), ("brown", 1), ("red", 2), ("orange", 3), ("yellow", 4),
           ("green", 5), ("blue", 6), ("violet", 7), ("gray", 8), ("white", 9)]
records.sort(key=lambda r: r[1])
print(bisect_left(records, 5, key=lambda r: r[1]), records[bisect_left(records, 5, key=lambda r: r[1])])
movies = [("Jaws", 1975), ("Titanic", 1997), ("The Birds", 1963), ("Aliens", 1986)]
movies.sort(key=lambda m: m[1])
bisect.insort(movies, ("Love Story", 1970), key=lambda m: m[1])
bisect.insort_left(movies, ("Psycho", 1960), key=lambda m: m[1])
bisect.insort_left(movies, ("Jaws 2", 1975), key=lambda m: m[1])
bisect.insort_right(movies, ("Jaws 3", 1975), key=lambda m: m[1])
for title, year in movies:
    print(year, title)
print(bisect_right(["apple", "fig", "kiwi", "banana"], 4, key=len))

# strings and floats
words = sorted("the quick brown fox jumps over the lazy dog".split())
print(words, bisect_left(words, "the"), bisect_right(words, "the"), bisect.bisect(words, "m"))
print(bisect.bisect([0.5, 1.5, 2.5], 1.5), bisect_left([0.5, 1.5, 2.5], 2))

# errors
for call in [lambda: bisect_left(a, 3, -1), lambda: bisect.insort(a, 3, -2),
             lambda: bisect.bisect(5, 1), lambda: bisect_left([1, 2], "x"),
             lambda: bisect.bisect_right(a, 1, 0, 100)]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__, e)
