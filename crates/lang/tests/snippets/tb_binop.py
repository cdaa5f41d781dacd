def compute(a, b):
    total = a + b
    return total
x = 5
compute(x, "oops")
