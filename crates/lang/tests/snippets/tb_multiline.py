def add(a, b):
    return a + b
result = add(
    1,
    "two",
)
