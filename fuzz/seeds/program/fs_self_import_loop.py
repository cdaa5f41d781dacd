# expect: RecursionError | RuntimeError | exit 0
# A module that writes and imports a new module on each import.
import importlib
for i in range(2000):
    with open('m%d.py' % i, 'w') as f:
        f.write('import importlib\nV = %d\n' % i)
    importlib.import_module('m%d' % i)
print('ok')
