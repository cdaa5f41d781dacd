x = 10
print(eval('x * 2 + 1'), eval('  [i * i for i in range(4)]'), eval('len(s)', {'s': 'abc'}))
exec('y = x + 5')
print(y)
ns = {}
exec('def f(a):\n    return a * 3\nz = f(2)', ns)
print(ns['z'], ns['f'](4), sorted(k for k in ns if not k.startswith('__')))
g = {'base': 100}
l = {}
exec('total = base + 1', g, l)
print(l, 'total' in g)
def inner():
    local_value = 7
    return eval('local_value + x')
print(inner())
code = compile('3 ** 2', '<calc>', 'eval')
print(eval(code), code.__class__.__name__)
block = compile('for i in range(3):\n    acc.append(i)', '<loop>', 'exec')
acc = []
exec(block)
print(acc)
for bad in ['x = ', '1 +', 'return 5']:
    try:
        exec(bad)
    except SyntaxError as e:
        print('SyntaxError', type(e).__name__)
try:
    eval('y = 1')
except SyntaxError as e:
    print('SyntaxError eval')
try:
    eval('undefined_name')
except NameError as e:
    print(e)
try:
    exec('1/0')
except ZeroDivisionError as e:
    print('ZeroDivisionError', e)
import timeit
print(timeit.timeit('sum(range(10))', number=10) > 0, timeit.timeit('a + b', setup='a = 1; b = 2', number=5) >= 0)
print(eval('__name__'), eval('abs(-3)'))
