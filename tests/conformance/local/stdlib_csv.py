import csv
import io

rows = [['name', 'score', 'note'], ['Ann', 91.5, 'top, first'], ['Bo', 78, 'said "ok"'], ['Cy', '', 'multi\nline']]
with open('scores.csv', 'w', newline='') as f:
    writer = csv.writer(f)
    writer.writerows(rows)
with open('scores.csv', newline='') as f:
    print(repr(f.read()))
with open('scores.csv', newline='') as f:
    for row in csv.reader(f):
        print(row)
with open('scores.csv', newline='') as f:
    reader = csv.DictReader(f)
    print(reader.fieldnames)
    for record in reader:
        print(dict(record), reader.line_num)
buf = io.StringIO()
w = csv.DictWriter(buf, fieldnames=['id', 'label'], delimiter=';', quoting=csv.QUOTE_ALL)
w.writeheader()
w.writerows([{'id': 1, 'label': 'cat'}, {'id': 2}])
print(repr(buf.getvalue()))
print(list(csv.reader(['1,"2",three'], quoting=csv.QUOTE_NONNUMERIC)) if False else list(csv.reader(['a b  c'], delimiter=' ', skipinitialspace=True)))
print(list(csv.reader('x\ty\n1\t2\n'.splitlines(), dialect='excel-tab')), csv.list_dialects())
try:
    csv.get_dialect('nope')
except csv.Error as e:
    print('Error:', e)
try:
    csv.DictWriter(io.StringIO(), ['a']).writerow({'b': 1})
except ValueError as e:
    print('ValueError:', e)
print(list(csv.reader(['1,2.5,"x"'], quoting=csv.QUOTE_NONNUMERIC)))
