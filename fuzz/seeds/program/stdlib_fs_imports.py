import os
import sys

os.makedirs('mypkg/sub', exist_ok=True)
with open('helpers.py', 'w') as f:
    f.write('GREETING = "hi"\ndef shout(s):\n    return s.upper() + "!"\n')
with open('mypkg/__init__.py', 'w') as f:
    f.write('from .core import VALUE\n')
with open('mypkg/core.py', 'w') as f:
    f.write('VALUE = 42\n')
with open('mypkg/sub/__init__.py', 'w') as f:
    f.write('')
with open('mypkg/sub/deep.py', 'w') as f:
    f.write('from .. import core\nX = core.VALUE + 1\n')
import helpers
print(helpers.GREETING, helpers.shout('ok'))
import mypkg
print(mypkg.VALUE)
from mypkg.sub import deep
print(deep.X)
import importlib
m = importlib.import_module('mypkg.core')
print(m.VALUE, m.__name__)
with open('bad.py', 'w') as f:
    f.write('x = (\n')
try:
    import bad
except SyntaxError as e:
    print('SyntaxError', type(e).__name__)
try:
    import not_there
except ModuleNotFoundError as e:
    print(e)
