import string

print(repr(string.ascii_letters), repr(string.ascii_lowercase), repr(string.ascii_uppercase))
print(repr(string.digits), repr(string.hexdigits), repr(string.octdigits))
print(repr(string.punctuation), repr(string.whitespace))
print(repr(string.printable), len(string.printable))
print(string.capwords("hello   world, this is  python"), "|", string.capwords("  leading and trailing  "))
print(string.capwords("a-b-c dash", "-"), "|", string.capwords("ALL CAPS wOrDs"), "|", repr(string.capwords("")))
print(string.capwords("one,two,,three", ","))

# typical uses
password = "Abc123!?"
print(any(c in string.punctuation for c in password), all(c in string.printable for c in password))
print("".join(c for c in "Hello, World! 42." if c not in string.punctuation))
print(sum(c in string.digits for c in "a1b22c333"), [c for c in "xyz0F9g" if c in string.hexdigits])
table = {c: i for i, c in enumerate(string.ascii_lowercase)}
print(table["a"], table["z"], string.ascii_uppercase.index("K"))
print(list(string.whitespace), "tab\there".split(string.whitespace[1]))

# Template
t = string.Template("$who likes $what, costs $$${price} (${who})")
print(t.substitute(who="tim", what="kung pao", price=10))
print(t.substitute({"who": "ann", "what": "tea", "price": 2.5}))
print(t.substitute({"who": "ann", "what": "tea", "price": 3}, who="bob"))
print(t.safe_substitute(who="sue"))
print(t.get_identifiers(), t.is_valid(), t.template)
for bad, kwargs in [("$who likes $what", {"who": "x"}), ("Give $who $100", {"who": "x"}),
                    ("line1\nbad ${ here", {}), ("${name", {"name": 1})]:
    try:
        print(string.Template(bad).substitute(**kwargs))
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)
print(string.Template("Give $who $100 and ${x").safe_substitute(who="tim"))
print(string.Template("$a$b_c ${a}x $_under $9").safe_substitute(a=1, b_c=2, _under="u"))
print(string.Template("trailing $").safe_substitute(), string.Template("ok $x").is_valid(), string.Template("bad $").is_valid())
