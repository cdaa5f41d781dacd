# expect: OSError
# Directories nested until the path is too long for Linux: ENAMETOOLONG, not a crash.
import os
path = '/tmp'
while True:
    path += '/d'
    os.mkdir(path)
