# expect: ImportError
# The program's own modules importing each other in a cycle: CPython's partially-initialised
# module error.
with open('a.py', 'w') as f:
    f.write('from b import y\nx = 1\n')
with open('b.py', 'w') as f:
    f.write('from a import x\ny = 2\n')
import a
