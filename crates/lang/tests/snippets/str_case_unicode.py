# str case methods on non-ASCII text, through the interpreter: full mappings, titlecase,
# Final_Sigma, case folding and the case predicates.
samples = [
    "Straße", "ﬁsh ﬂour", "ǆemal ǅemal Ǆemal", "ΟΔΥΣΣΕΥΣ", "ὈΔΥΣΣΕΎΣ ΑΣ. Σ",
    "İstanbul", "ΐ", "they're bill's", "ŉ ǰ", "ᾳ ᾼ", "Ꭰꭰ", "hello WORLD", "",
]
for s in samples:
    print(repr(s))
    print("  ", repr(s.lower()), repr(s.upper()), repr(s.casefold()))
    print("  ", repr(s.title()), repr(s.capitalize()), repr(s.swapcase()))
    print("  ", s.isupper(), s.islower(), s.istitle())
print("ß".upper(), "ß".casefold() == "ss", "ﬁ".casefold())
print("ǆ".title(), "ǆ".capitalize(), "ǅ".swapcase())
print("ΑΣ".lower(), "Σ".lower(), "ΑΣΑ".lower(), "ΑΣ'".lower())
print("Aǅ".isupper(), "ǅ".istitle(), "ʕ".islower())
print(sorted(["b", "A", "ä", "Ä"], key=str.casefold))
