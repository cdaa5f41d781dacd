import re

text = "Contact: jane.doe@example.com, bob@test.org; phone 555-1234 or 555-9876."
print(re.findall(r'[\w.-]+@[\w.-]+\.\w+', text))
print(re.findall(r'(\d{3})-(\d{4})', text))
m = re.search(r'(?P<user>[\w.]+)@(?P<host>[\w.]+)', text)
print(m, m.group('user'), m['host'], m.span(), m.groupdict(), m.lastgroup, m.lastindex)
print(re.sub(r'\d', '#', text))
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'joe@x and ann@y'))
print(re.sub(r'[aeiou]', lambda mo: mo.group().upper(), 'banana split', count=3))
print(re.subn(r'\s+', ' ', 'a  b \t c\n d'))
print(re.split(r'[,;]\s*', 'a, b;c,d'), re.split(r'(\s)', 'a b'), re.split(r'\W+', 'Words, words, words.', maxsplit=1))
print(re.match(r'\d+', '123abc'), re.match(r'\d+', 'abc'), re.fullmatch(r'[a-z]+', 'abc'), re.fullmatch(r'[a-z]+', 'abc1'))
pattern = re.compile(r'^(\w+)\s*=\s*(.*)$', re.MULTILINE)
config = "name = test\nsize=10\n# comment\nrate = 0.5"
print(pattern.findall(config), pattern.groups, pattern.pattern == r'^(\w+)\s*=\s*(.*)$')
print([m.group(1) for m in pattern.finditer(config)], repr(pattern))
print(re.findall(r'(?i)the', 'The theme of THE day'), re.findall(r'colou?r', 'color colour colr'))
print(re.findall(r'<.*?>', '<a><b></b></a>'), re.findall(r'<.*>', '<a><b>'), re.findall(r'a{2,3}', 'aaaaaaa'))
print(re.findall(r'\b\w', 'hello big world'), re.findall(r'(?<=\$)\d+', 'cost $30 or $45'), re.findall(r'\w+(?=,)', 'a, b, c'))
print(re.findall(r'(\w)\1', 'aabbcdd'), re.sub(r'(?m)^', '> ', 'line1\nline2'), re.escape('1.5*x+[y]'))
print(re.compile(r'(?x) \d+  # digits\n  \.  \d*'), re.compile(r'(?x) \d+ \. \d*').match('3.14'))
print(re.findall('x*', 'axxb'), re.sub('x*', '-', 'abxd'), re.split('x*', 'axbc'))
print(re.I, re.I | re.M, re.compile('a', re.I | re.S))
for bad in ['(', 'a**', '[a', 'a)', r'\q', '(?P<n>a)(?P<n>b)']:
    try:
        re.compile(bad)
    except re.error as e:
        print('error:', e, '|', e.msg, e.pos)
tokens = re.findall(r"[A-Za-z']+|[.,!?]", "Don't stop, it's fine!")
print(tokens, [t.lower() for t in tokens if t.isalpha()])
print(re.sub(r'[^a-z0-9\s]', '', 'Hello, World! It costs $5.'.lower()).split())
html = '<br />Great movie!<br /><br />Loved it.'
print(re.sub('<br />', ' ', html), re.sub(r'<[^>]+>', ' ', html).split())
print(re.findall(rb'\d+', b'a12b345'), re.sub(rb'\s', b'_', b'a b'))
print(re.match(r'(a)(b)?', 'ac').groups(), re.match(r'(a)(b)?', 'ac').groups('-'), re.match(r'((a)b)', 'ab').lastindex)
