# expect: OSError
# Descriptors never closed: EMFILE at Linux's limit of 1024.
files = []
while True:
    files.append(open('/tmp/f', 'w'))
