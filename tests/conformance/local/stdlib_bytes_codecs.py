print('héllo'.encode('latin-1'), 'héllo'.encode(), 'abc'.encode('ascii'), b'h\xe9llo'.decode('latin-1'))
for s, enc, err in [('héllo', 'ascii', 'strict'), ('héllo', 'ascii', 'replace'), ('h€', 'latin-1', 'xmlcharrefreplace')]:
    try:
        print(s.encode(enc, err))
    except UnicodeEncodeError as e:
        print('UnicodeEncodeError:', e)
for b in [b'\xff', b'a\xc3', b'\xc3\x28', b'ok\xe9']:
    try:
        print(b.decode())
    except UnicodeDecodeError as e:
        print('UnicodeDecodeError:', e)
    print(b.decode('utf-8', 'replace'), b.decode('utf-8', 'ignore'))
try:
    b'x'.decode('klingon')
except LookupError as e:
    print('LookupError:', e)
print(b','.join([b'a', b'b']), b'a b  c'.split(), b'a,b'.split(b','), b'  x '.strip(), b'abc'.upper(), b'\x01\xff'.hex())
print(b'hello'.replace(b'l', b'L'), b'hello'.find(b'll'), b'hello'.count(b'l'), b'a\nb\r\nc'.splitlines(), b'123'.isdigit())
