def check(x):
    assert x > 0, f"x must be positive, got {x}"
check(1)
check(-5)
