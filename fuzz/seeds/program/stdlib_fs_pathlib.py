import pathlib
from pathlib import Path, PurePosixPath

base = Path('work')
base.mkdir()
print(base, repr(base), base.exists(), base.is_dir())
p = base / 'data' / 'train.csv'
print(p, p.name, p.stem, p.suffix, p.parent, p.parts)
print(p.with_suffix('.txt'), p.with_name('x.bin'), p.parents[1])
p.parent.mkdir(parents=True, exist_ok=True)
n = p.write_text('a,b\n1,2\n')
print(n, p.read_text().splitlines(), p.exists(), p.is_file())
(base / 'data' / 'val.csv').write_bytes(b'x,y\n')
(base / 'notes.md').touch()
print(sorted(q.name for q in (base / 'data').iterdir()))
print(sorted(str(q) for q in base.glob('*')))
print(sorted(str(q) for q in base.glob('**/*.csv')))
print(sorted(str(q) for q in base.rglob('*.csv')))
print(PurePosixPath('/usr/lib/python3.11/os.py').relative_to('/usr'))
print(Path('a/b/../c').parts, Path('/').parts, Path('.').name == '', Path('x.tar.gz').suffixes)
print(Path('a') == Path('a/'), Path('a') < Path('b'), hash(Path('a')) == hash(Path('a')))
print(str(Path.cwd()) == __import__('os').getcwd(), Path('~/x').expanduser())
print(p.stat().st_size, p.absolute().is_absolute())
try:
    (base / 'missing.txt').read_text()
except FileNotFoundError as e:
    print('missing:', e.filename, e.strerror)
try:
    base.mkdir()
except FileExistsError as e:
    print('exists:', e)
(base / 'notes.md').unlink()
print((base / 'notes.md').exists())
(base / 'notes.md').unlink(missing_ok=True)
q = p.rename(base / 'train2.csv')
print(q, q.exists(), p.exists())
with q.open() as f:
    print(f.readline().strip())
print(Path('a', 'b', 'c'), Path('/a', '/b'), Path('a').joinpath('b', 'c.txt'))
try:
    Path('a').relative_to('b')
except ValueError as e:
    print('ValueError:', e)
