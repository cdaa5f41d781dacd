import glob
import os
import shutil
import tempfile

d = tempfile.mkdtemp()
print(d.startswith(tempfile.gettempdir() + '/tmp'), os.path.isdir(d), len(os.path.basename(d)))
for name in ['a.txt', 'b.txt', 'c.csv']:
    with open(os.path.join(d, name), 'w') as f:
        f.write(name * 3)
os.makedirs(os.path.join(d, 'sub', 'deep'))
with open(os.path.join(d, 'sub', 'deep', 'z.txt'), 'w') as f:
    f.write('zzz')
print(sorted(os.path.relpath(p, d) for p in glob.glob(os.path.join(d, '*.txt'))))
print(sorted(os.path.relpath(p, d) for p in glob.glob(os.path.join(d, '**', '*.txt'), recursive=True)))
print(sorted(glob.glob('*.txt', root_dir=d)), glob.has_magic('a*'), glob.escape('a*b'))
copy = shutil.copytree(d, d + '_copy')
print(sorted(os.listdir(copy)))
print(os.path.relpath(shutil.copy(os.path.join(d, 'a.txt'), os.path.join(d, 'sub')), d))
print(open(os.path.join(d, 'sub', 'a.txt')).read())
shutil.move(os.path.join(d, 'b.txt'), os.path.join(d, 'sub', 'moved.txt'))
print(sorted(os.listdir(os.path.join(d, 'sub'))))
shutil.rmtree(d)
print(os.path.exists(d), os.path.exists(d + '_copy'))
with tempfile.TemporaryDirectory() as t:
    print(os.path.isdir(t))
    path = os.path.join(t, 'f')
    open(path, 'w').close()
print(os.path.exists(t))
with tempfile.NamedTemporaryFile(mode='w+', suffix='.txt') as f:
    f.write('hello')
    f.seek(0)
    print(f.read(), f.name.endswith('.txt'), os.path.exists(f.name))
print(os.path.exists(f.name))
fd, path = tempfile.mkstemp(prefix='run_')
os.write(fd, b'abc')
os.close(fd)
print(os.path.basename(path).startswith('run_'), open(path, 'rb').read())
try:
    shutil.rmtree('/tmp/does-not-exist')
except FileNotFoundError as e:
    print(e)
try:
    shutil.copyfile(path, path)
except shutil.SameFileError as e:
    print(type(e).__name__)
import fnmatch
print(fnmatch.fnmatch('model.h5', '*.h5'), fnmatch.filter(['a1', 'b2', 'a3'], 'a[0-9]'), fnmatch.translate('*.py'))
print(fnmatch.fnmatchcase('abc', 'a?c'), fnmatch.fnmatchcase('abc', '[!a]*'))
