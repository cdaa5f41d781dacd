for i in range(3):
    for j in range(3):
        if j == 2:
            break
        if i == j:
            continue
        print(i, j)
    else:
        print("inner else never")
else:
    print("outer else")
n = 0
while n < 5:
    n += 1
else:
    print("while else", n)
while True:
    n -= 1
    if n < 2:
        break
print(n)
if (m := n * 10) > 5:
    print("walrus", m)
data = [1, 2, 3, 4]
print([y for x in data if (y := x * 2) > 4], y)
value = 3
result = "low" if value < 2 else "mid" if value < 5 else "high"
print(result)
print(1 < 2 < 3, 1 < 2 > 3, 1 == 1 != 2, 0 or "default", 5 and 6, None or [] or 0, not [])
x = None
print(x is None, x is not None, type(x) is type(None))
def early(v):
    for i in range(10):
        if i == v:
            return i * 100
    return -1
print(early(3), early(20))
try:
    pass
except Exception:
    print("no")
else:
    print("else ran")
finally:
    print("finally ran")
def nested_finally():
    try:
        try:
            return 1
        finally:
            print("inner finally")
    finally:
        print("outer finally")
print(nested_finally())
def loop_with():
    class CM:
        def __enter__(self): return self
        def __exit__(self, *a): print("exit", a[0]); return False
    for i in range(3):
        with CM():
            if i == 1:
                continue
            if i == 2:
                return "ret"
    return "end"
print(loop_with())
a = b = c = 7
print(a, b, c)
(a, b), c = (1, 2), 3
a, b = b, a
print(a, b, c)
[p, q] = "pq"
print(p, q)
i = 0
while i < 3: i += 1
print(i)
del a
try:
    print(a)
except NameError as e:
    print(e)
global_var = 1
def use_global():
    global global_var
    global_var += 1
use_global()
print(global_var)
