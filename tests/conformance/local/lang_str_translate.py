# str.maketrans / str.translate as CPython gives them
t = str.maketrans({"a": "1", "b": None, ord("c"): 100})
print(sorted(t.items()))
print("abcabc".translate(t))
print("hello world".translate(str.maketrans("lo", "01", " ")))
print("héllo".translate({ord("é"): "e"}))
class Table:
    def __getitem__(self, key):
        if key == ord("x"):
            raise LookupError
        return key + 1
print("axb".translate(Table()))
for bad in [lambda: str.maketrans("ab", "a"), lambda: str.maketrans({"ab": 1}), lambda: str.maketrans(1), lambda: "a".translate({97: 1.5}), lambda: "a".translate({97: -1})]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
