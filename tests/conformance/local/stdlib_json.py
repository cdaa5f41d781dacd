import json

# Round trips.
data = {
    "name": "Placement Playground",
    "version": [1, 2, 3],
    "ratio": 0.1 + 0.2,
    "big": 123456789012345678901234567890,
    "small": 1e-07,
    "huge": 1e16,
    "neg_zero": -0.0,
    "ok": True,
    "missing": None,
    "nested": {"list": [], "dict": {}, "tuple": (1, "two", 3.0)},
    "text": 'quote " backslash \\ slash / tab \t newline \n',
}
text = json.dumps(data)
print(text)
back = json.loads(text)
print(back)
print("round trip equal (tuple becomes list):", back["nested"]["tuple"] == [1, "two", 3.0])
print(json.dumps(data, sort_keys=True, indent=2))
print(json.dumps([1, [2, {}], [], {"a": []}], indent=0))
print(json.dumps({"b": 1, "a": [1, 2]}, indent="\t"))
print(json.dumps({"b": 1, "a": [1, 2]}, indent=4, separators=(",", " = ")))
print(json.dumps({"b": 1, "a": [1, 2]}, separators=(",", ":")))
print(json.dumps([1, 2], indent=-1), repr(json.dumps({}, indent=4)), json.dumps([[]], indent=2))

# Scalars, floats and keys.
print(json.dumps("plain"), json.dumps(None), json.dumps(False), json.dumps(42), json.dumps(-3.5))
print(json.dumps([float("nan"), float("inf"), float("-inf"), 2.5e-300, 1.0, 100.0, 1e22]))
print(json.dumps({1.5: "float", True: "bool", None: "none", 2: "int", "s": "str"}))
print(json.dumps({(1, 2): "skipped", "kept": 1}, skipkeys=True))
print(repr(json.dumps({(1,): 1, "a": 2}, skipkeys=True, indent=2)))

# Unicode and escapes.
s = "caf\u00e9 \u2028 \U0001F600 \x00\x1f\x7f \b\f\r"
print(json.dumps(s))
print(json.dumps(s, ensure_ascii=False))
print(json.dumps({"\u00fcber": "\u00e9t\u00e9"}, ensure_ascii=False))
print(json.loads('"\\u00e9\\ud83d\\ude00\\u0041\\/\\b\\f\\n\\r\\t\\"\\\\"'))
print(json.loads('"caf\u00e9 \U0001F600"') == "caf\u00e9 \U0001F600")


# default= and subclassing JSONEncoder.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def encode_point(o):
    if isinstance(o, Point):
        return {"x": o.x, "y": o.y}
    raise TypeError(f"cannot encode {type(o).__name__}")


print(json.dumps([Point(1, 2), Point(3, 4)], default=encode_point))


class SetEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)


print(json.dumps({"tags": {"b", "a", "c"}}, cls=SetEncoder))
print(SetEncoder(indent=1).encode({"s": frozenset([3, 1])}))

# Parsing.
doc = """
{
    "users": [
        {"id": 1, "name": "Ada", "admin": true, "score": 9.5},
        {"id": 2, "name": "Linus", "admin": false, "score": null}
    ],
    "count": 2, "exp": [1e5, 1E-2, -12, 0.5e+3, -0, 1.0e2]
}
"""
parsed = json.loads(doc)
print(parsed)
print([u["name"] for u in parsed["users"] if u["admin"]])
print(json.loads("  [true , false , null ]  "), json.loads("{}"), json.loads("[ ]"))
print(json.loads('{"a": 1, "a": 2}'), json.loads("[NaN, Infinity, -Infinity]"))
print(json.loads("123456789012345678901234567890"), json.loads("1e400"), json.loads("-0.0"))
print(json.loads(b'{"bytes": [1, 2]}'))
print(json.loads('{"a": 1.5, "b": [2]}', parse_float=str, parse_int=lambda t: int(t) * 10))
print(json.loads('{"a": {"b": 1}}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"z": 1, "y": 2}', object_pairs_hook=list))
print(json.loads("[NaN, Infinity]", parse_constant=lambda name: "const " + name))
print(json.loads('"tab\there"', strict=False) == "tab\there")
print(json.JSONDecoder().raw_decode('[1, 2] trailing'))


# dump / load with file-like objects.
class StringFile:
    def __init__(self, text=""):
        self.text = text

    def write(self, chunk):
        self.text += chunk

    def read(self):
        return self.text


f = StringFile()
json.dump({"saved": [1, 2, 3], "by": "dump"}, f, indent=2, sort_keys=True)
print(f.text)
print(json.load(StringFile(f.text)))
print(json.load(StringFile('{"hooked": 1}'), object_hook=lambda d: list(d)))

# Errors: CPython's messages and positions.
bad_documents = ["", " ", "[1,]", '{"a":1,}', '{"a" 1}', "{1:2}", "[1 2]", '"abc', '"a\\qb"',
                 '"\\u12"', '"ab\\u12zz"', '"a\nb"', "1 2", "tru", "[", "{", '{"a":', "-",
                 "01", "1.", "1.5e+", "[1,2", '{"a":1 "b":2}', "\ufeff[1]",
                 "  \n  [1,\n x]", '"\t"', "[1]]", '{"a"}', '"\\', "-foo", "[-]", "truex",
                 '"\\ud83d\\u12"', '{"a":1']
for bad in bad_documents:
    try:
        json.loads(bad)
        print(repr(bad), "parsed?!")
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)

try:
    json.loads("[1, 2")
except ValueError as e:
    print("caught as ValueError:", type(e).__name__, e)
e = json.JSONDecodeError("Custom", "ab\ncd", 4)
print(e.args, e.lineno, e.colno, repr(e))

circular = []
circular.append(circular)
cyclic = {}
cyclic["self"] = cyclic
encode_errors = [
    lambda: json.dumps(object()),
    lambda: json.dumps({"a": {1, 2}}),
    lambda: json.dumps(b"bytes"),
    lambda: json.dumps({(1,): 2}),
    lambda: json.dumps(float("nan"), allow_nan=False),
    lambda: json.dumps({float("inf"): 1}, allow_nan=False),
    lambda: json.dumps([float("-inf")], allow_nan=False, indent=2),
    lambda: json.dumps(circular),
    lambda: json.dumps(cyclic, indent=2),
    lambda: json.dumps({"a": object()}, default=lambda o: [o]),
    lambda: json.dumps({1: 1, "a": 2}, sort_keys=True),
    lambda: json.dumps([Point(0, 0)], default=lambda o: 1 / 0),
    lambda: json.loads(5),
    lambda: json.loads(None),
    lambda: json.dump([float("nan")], StringFile(), allow_nan=False),
]
for bad in encode_errors:
    try:
        print("no error:", bad())
    except Exception as e:
        print(type(e).__name__ + ":", e)
