# expect: exit 0
# Module names that are not identifiers never reach a file.
import importlib
with open('/tmp/evil.py', 'w') as f:
    f.write('raise SystemExit("imported")\n')
for name in ['../../tmp/evil', '/tmp/evil', '..tmp.evil', 'tmp/evil', '', 'a..b', 'x\x00y', '.' * 300]:
    try:
        importlib.import_module(name)
        raise SystemExit('imported ' + repr(name))
    except (ImportError, ValueError, TypeError):
        pass
print('ok')
