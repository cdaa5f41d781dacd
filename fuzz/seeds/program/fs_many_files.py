# expect: MemoryError | OSError | RuntimeError
# Files are held in memory: filling the file system ends in ENOSPC or the memory cap.
import os
block = b'x' * (1 << 20)
i = 0
while True:
    with open('/tmp/f%d' % i, 'wb') as f:
        f.write(block)
    i += 1
