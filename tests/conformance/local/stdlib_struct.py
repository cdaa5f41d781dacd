import struct
import random
for fmt, v in [('b',200),('B',-1),('h',40000),('H',-1),('i',2**31),('I',-1),('l',2**63),('L',-1),('q',2**63),('Q',-1),('<b',200),('<B',300),('<h',40000),('<H',-1),('<i',2**31),('<I',-1),('<l',2**31),('<q',2**63),('<Q',-1),('n',2**63),('N',-1),('f',1e40),('e',70000.0),('<f',1e40),('?',[]),('c',b'ab'),('s','x'),('i','x'),('i',1.5),('f','x'),('<I',2**32),('I',2**32),('<L',2**32),('Q',2**64),('<i',-2**31-1),('l',-2**63-1),('<l',-2**31-1), ('I', 2**64), ('<I', 2**64), ('<i', 2**64)]:
    try: print(fmt, struct.pack(fmt, v))
    except Exception as e: print(fmt, type(e).__name__, e)
for call in ["struct.pack('ii', 1)", "struct.pack('i', 1, 2)", "struct.unpack('i', b'abc')", "struct.calcsize('y')", "struct.calcsize('ci')", "struct.calcsize('<ci')", "struct.calcsize('3s2xq')", "struct.pack('5s', b'ab')", "struct.pack('p', b'ab')", "struct.pack('3p', b'abcdef')", "struct.unpack('<3p', b'\\x05ab')", "struct.Struct('<2h').size", "list(struct.iter_unpack('<h', b'\\x01\\x00\\x02\\x00'))", "struct.unpack_from('<h', b'\\x00\\x01\\x00', 1)", "struct.pack('<d', float('nan'))", "struct.pack('>f', -0.0)", "struct.unpack('<e', b'\\x00\\x3c')", "struct.pack('<e', 0.1)", "struct.pack('<f', 0.1)", "struct.unpack('<f', struct.pack('<f', 0.1))", "struct.pack('P', 5)", "struct.pack('@?', 2)", "struct.unpack('?', b'\\x02')", "struct.pack('<i', True)", "struct.pack('i', 2**100)", "struct.error", "struct.pack('<4B', *range(4))", "struct.unpack('>I', b'\\x01\\x02\\x03\\x04')", "struct.pack('!h', 1)", "struct.pack('0s')", "struct.pack('<q', -1)", "struct.pack('3x')", "struct.calcsize('i c')", "struct.unpack('<2s', b'ab')", "struct.pack('ci', b'a', 7)", "struct.unpack('ci', struct.pack('ci', b'a', 7))", "struct.pack('>hhl', 1, 2, 3)", "struct.unpack('<hhl', b'\\x01\\x00\\x02\\x00\\x03\\x00\\x00\\x00')", "struct.pack('<d', 3.141592653589793)", "struct.pack('<e', 65504.0)", "struct.pack('<e', 1e-7)", "struct.pack('<e', 6e-8)", "struct.unpack('<e', b'\\x01\\x00')", "struct.pack('<f', 1e-45)", "struct.pack('<f', 3.4028235e38)", "struct.pack('<f', 3.4028236e38)", "struct.unpack('>d', b'\\x7f\\xf0' + bytes(6))"]:
    try: print(call, '->', repr(eval(call)))
    except Exception as e: print(call, type(e).__name__, e)
random.seed(7)
ok = True
for _ in range(3000):
    x = random.choice([random.uniform(-1e5, 1e5), random.gauss(0, 1e-5), random.uniform(-1, 1) * 2.0 ** random.randint(-160, 130), random.uniform(-7e4, 7e4), random.uniform(-1, 1) * 2.0 ** random.randint(-30, 17)])
    for f in ('<f', '>e', '<d'):
        try:
            b = struct.pack(f, x)
        except OverflowError:
            b = 'overflow'
        print(f, b if b == 'overflow' else b.hex(), end=';')
print()
for _ in range(300):
    data = bytes(random.randrange(256) for _ in range(8))
    print(struct.unpack('<e', data[:2])[0], struct.unpack('<f', data[:4])[0], struct.unpack('<d', data)[0], struct.unpack('<q', data)[0], struct.unpack('>H', data[:2])[0], end=';')
print()
