import sys
import json
print('json' in sys.modules, sys.modules['json'] is json, type(sys.modules).__name__)
class Fake:
    value = 42
sys.modules['fake_mod'] = Fake()
import fake_mod
print(fake_mod.value)
with open('counter_mod.py', 'w') as f:
    f.write('print("loading counter_mod")\nN = 1\n')
import counter_mod
import counter_mod
del sys.modules['counter_mod']
import counter_mod
print(counter_mod.N)
import importlib
print(importlib.reload(counter_mod).N if hasattr(importlib, 'reload') else 'no reload')
try:
    raise KeyError('k')
except KeyError:
    t, v, tb = sys.exc_info()
    print(t.__name__, repr(v), tb is None or tb is not None)
print(sys.exc_info())
print(len(sys.path) > 0)
