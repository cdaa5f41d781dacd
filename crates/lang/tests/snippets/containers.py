l = [5, 3, 8, 1]
l.sort()
print(l, l[1:3], l[::-1], l[-1], l.index(8), 3 in l)
l[1:3] = [10, 20, 30]
print(l)
del l[0]
del l[::2]
print(l)
l2 = l.copy(); l2.append([1]); l2.extend(range(2)); l2.insert(0, "x"); l2.remove("x")
print(l2, l2.pop(0), l2.count(0), len(l2))
l2.reverse(); print(l2); l2.clear(); print(l2)
a = [1, 2]; a += [3]; a *= 2; print(a, [0] * 3, [[]] * 2)
t = (1, 2, 3)
print(t + (4,), t * 2, t[1:], t.index(2), t.count(1), (1,) == (1,), (1, 2) < (1, 3), max(t), min(t))
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, sorted(d), list(d.items()), d.keys(), d.values(), d.items())
print(d.pop("b"), d.setdefault("z", 26), d.get("q"), d.popitem(), d)
d.update({"x": 1}, y=2); d.update([("w", 0)])
print(d, dict(a=1, b=2), dict([(1, 2)]), dict(zip("ab", [1, 2])), dict.fromkeys("ab", 0))
print({**d, "new": 1}, {1: "a", True: "b", 1.0: "c"}, len({}))
dd = {}
for w in "the cat the hat the".split():
    dd[w] = dd.get(w, 0) + 1
print(dd, max(dd, key=dd.get), sorted(dd.items(), key=lambda kv: (-kv[1], kv[0])))
s = {3, 1, 2}
s.add(5); s.discard(1); s.remove(2)
print(s, s | {9}, s & {3, 9}, s - {3}, s ^ {3, 4}, {1, 2} <= {1, 2, 3}, {1} < {1}, set(), frozenset([1, 2]))
print(set("hello") == set("olleh"), len({1, 1, 1}), {x for x in range(20) if x % 7 == 0}, set([10, 100, 1000]))
print(sorted({"b", "a"}), {1, 2}.union([3], (4,)), {1, 2, 3}.intersection({2, 3, 4}), {1, 2}.issubset({1, 2, 3}))
nested = {"k": [1, {"inner": (1, 2)}]}
print(nested, nested["k"][1]["inner"][0])
r = [1, 2]
r.append(r)
print(r)
dr = {}
dr["self"] = dr
print(dr)
print(list(range(10))[2:8:2], list(range(10, 0, -3)), range(5), range(1, 10, 2), len(range(0, 100, 7)), range(10)[-1], 5 in range(10))
m = [[0] * 3 for _ in range(2)]
m[0][1] = 5
print(m)
print(sorted([(2, "b"), (1, "z"), (2, "a")]), sorted(["bb", "a", "ccc"], key=len, reverse=True))
print(list(zip(*[[1, 2, 3], [4, 5, 6]])), [*range(3), *"ab"], (*[1, 2],), {*[1, 2], 3})
first, *middle, last = range(6)
print(first, middle, last)
for i, (k, v) in enumerate({"a": 1}.items()):
    print(i, k, v)
print(all([]), any([]), sum([0.1] * 10), sum([[1], [2]], []), min("bca"), max([1, 5, 3], default=0), min([], default=None))
print(list(d.keys())[0], type(d.keys()).__name__, list(reversed({"a": 1, "b": 2})))
