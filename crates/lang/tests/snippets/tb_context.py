try:
    1 / 0
except ZeroDivisionError:
    value = [][0]
