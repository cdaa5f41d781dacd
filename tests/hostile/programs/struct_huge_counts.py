# expect: RuntimeError | MemoryError | OverflowError | exit 0
# Formats with enormous repeat counts.
import struct
print(struct.calcsize('100000000000s'))
print(len(struct.pack('2000000000s', b'x')))
print(struct.calcsize('999999999999i'))
