import os
import os.path
import stat
import errno

os.makedirs('proj/src/pkg', exist_ok=True)
os.makedirs('proj/src/pkg', exist_ok=True)
try:
    os.makedirs('proj/src')
except FileExistsError as e:
    print(e)
for name in ['proj/README', 'proj/src/main.py', 'proj/src/pkg/__init__.py']:
    with open(name, 'w') as f:
        f.write(name)
for root, dirs, files in os.walk('proj'):
    dirs.sort()
    print(root, dirs, sorted(files))
for root, dirs, files in os.walk('proj', topdown=False):
    print(root)
print(sorted(e.name for e in os.scandir('proj')), [e.is_dir() for e in sorted(os.scandir('proj'), key=lambda e: e.name)])
st = os.stat('proj/README')
print(st.st_size, stat.S_ISREG(st.st_mode), stat.S_ISDIR(os.stat('proj').st_mode), stat.filemode(st.st_mode))
print(os.path.splitext('a/b.tar.gz'), os.path.splitext('.bashrc'), os.path.split('/a/b/'), os.path.basename('/a/b.txt'))
print(os.path.dirname('/a/b.txt'), os.path.normpath('a//b/./c/../d'), os.path.isabs('/x'), os.path.join('/a', 'b', '/c', 'd'))
print(os.path.relpath('/a/b/c', '/a/d'), os.path.commonprefix(['/usr/lib', '/usr/local']), os.path.commonpath(['/usr/lib', '/usr/local']))
print(os.path.expanduser('~/data'), os.path.abspath('/x/../y'), os.sep, os.pathsep, os.linesep == '\n', os.curdir, os.name)
os.rename('proj/README', 'proj/README.md')
print(sorted(os.listdir('proj')))
os.remove('proj/README.md')
try:
    os.rmdir('proj/src')
except OSError as e:
    print(type(e).__name__, e.errno == errno.ENOTEMPTY, e)
try:
    os.remove('proj/src')
except IsADirectoryError as e:
    print(e)
try:
    os.listdir('proj/src/main.py')
except NotADirectoryError as e:
    print(e)
try:
    os.stat('nothing')
except FileNotFoundError as e:
    print(e, e.errno, errno.errorcode[e.errno], os.strerror(e.errno))
os.chdir('proj')
print(os.path.basename(os.getcwd()), os.path.exists('src/main.py'))
os.chdir('..')
fd = os.open('raw.bin', os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
print(os.write(fd, b'0123456789'))
os.close(fd)
fd = os.open('raw.bin', os.O_RDONLY)
os.lseek(fd, 4, os.SEEK_SET)
print(os.read(fd, 3), os.fstat(fd).st_size)
os.close(fd)
try:
    os.close(fd)
except OSError as e:
    print(e)
print(os.fspath('x'), os.fsencode('x'), isinstance(os.environ, dict), 'HOME' in os.environ, os.environ.get('NOPE'))
try:
    os.environ['NOPE']
except KeyError as e:
    print('KeyError', e)
os.environ['MY_VAR'] = '1'
print(os.getenv('MY_VAR'), os.environ.pop('MY_VAR'), os.getenv('MY_VAR'))
e = OSError('plain message')
print(e, e.errno, e.args)
e = OSError(13, 'Permission denied')
print(type(e).__name__, e)
e = FileNotFoundError(2, 'No such file or directory', 'f', None, 'g')
print(e, e.filename2, e.args)
try:
    os.stat(1.5)
except TypeError as e:
    print(e)
