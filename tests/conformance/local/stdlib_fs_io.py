import io
import os

s = io.StringIO()
s.write('first\n')
print('second', file=s)
print(repr(s.getvalue()))
s.seek(0)
print(s.readline(), s.read(3), s.tell())
print(list(io.StringIO('a\nb\nc')))
b = io.BytesIO(b'abc')
b.seek(0, 2)
b.write(b'def')
print(b.getvalue(), b.tell())
b.seek(1)
print(b.read(2), b.read())
with open('t.txt', 'w', newline='') as f:
    f.write('one\r\ntwo\rthree\n')
with open('t.txt') as f:
    print(repr(f.read()))
with open('t.txt', newline='') as f:
    print(f.readlines())
with open('t.txt', 'rb') as f:
    print(f.read())
with open('t.txt', 'a') as f:
    f.write('four\n')
with open('t.txt') as f:
    print(f.readlines()[-1], f.closed)
print(f.closed)
try:
    f.read()
except ValueError as e:
    print(e)
with open('u.txt', 'w', encoding='utf-8') as f:
    print(f.write('héllo ✓'), f.encoding)
with open('u.txt', 'rb') as f:
    print(len(f.read()))
with open('u.txt', encoding='utf-8') as f:
    print(f.read())
try:
    open('u.txt', 'rw')
except ValueError as e:
    print(e)
try:
    open('u.txt', 'rb', encoding='utf-8')
except ValueError as e:
    print(e)
with open('u.txt', 'r+') as f:
    f.write('J')
    f.seek(0)
    print(f.read())
try:
    with open('u.txt') as f:
        f.write('x')
except io.UnsupportedOperation as e:
    print('UnsupportedOperation:', e)
try:
    open('.')
except IsADirectoryError as e:
    print(e)
with open('lines.txt', 'w') as f:
    f.writelines(['a\n', 'b\n'])
print(open('lines.txt').read().split())
print(os.path.getsize('lines.txt'))
try:
    open('x.txt', 'x').close()
    open('x.txt', 'x')
except FileExistsError as e:
    print(e)
