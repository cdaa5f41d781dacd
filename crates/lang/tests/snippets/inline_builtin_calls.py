# Calls the dispatch loop runs inline (len, str of an int, dict.get) must behave exactly as
# the ordinary calls, including every case they hand back.
class L(list):
    def __len__(self):
        return 42

class S(str):
    pass

d = {"a": 1, 2: "two"}
print(len("héllo"), len([1, 2]), len((1,)), len(d), len(L([1])), len(S("abc")))
print(str(5), str(-12), repr(str(0)), str(True), str(2.5), type(S(5)).__name__, S(7))
print(d.get("a"), d.get("b"), d.get("b", 0), d.get(2), d.get(2.0), dict.get(d, "a"))
words = {}
for i in range(2000):
    key = "w" + str(i % 7)
    words[key] = words.get(key, 0) + len(key)
print(sorted(words.items()))
try:
    len()
except TypeError as e:
    print(e)
try:
    len(5)
except TypeError as e:
    print(e)
try:
    d.get()
except TypeError as e:
    print(e)
try:
    d.get([1])
except TypeError as e:
    print(e)
len = lambda x: -1
print(len("abc"))
