# expect: OSError
# A write far past the end would grow the file to terabytes: ENOSPC.
import os
fd = os.open('/tmp/sparse', os.O_WRONLY | os.O_CREAT)
os.lseek(fd, 1 << 40, 0)
os.write(fd, b'x')
