import csv
import io

DATA = """id,name,dept,salary
1,Alice,Engineering,120000
2,Bob,Sales,70000

3,Carol,Engineering,135000
4,"Dan, Jr.",Marketing,80000
5,Eve,Sales,72000
"""

reader = csv.DictReader(io.StringIO(DATA))
print(reader.fieldnames)
totals = {}
count = {}
for row in reader:
    print(reader.line_num, row)
    totals[row['dept']] = totals.get(row['dept'], 0) + int(row['salary'])
    count[row['dept']] = count.get(row['dept'], 0) + 1
for dept in sorted(totals):
    print('%-12s %8d %10.2f' % (dept, totals[dept], totals[dept] / count[dept]))

print(sum(float(r['salary']) for r in csv.DictReader(DATA.splitlines())))

short_long = ['a,b,c', '1', '1,2,3,4,5', '', 'x,y,z']
print(list(csv.DictReader(short_long)))
print(list(csv.DictReader(short_long, restkey='_rest', restval='-')))
print(list(csv.DictReader(short_long, fieldnames=['p', 'q'])))
print(list(csv.DictReader(['1;2', '3;4'], fieldnames=('x', 'y'), delimiter=';')))
print(list(csv.DictReader(['1|2'], ['x', 'y'], None, None, 'excel', delimiter='|')))

r = csv.DictReader([])
print(r.fieldnames, r.line_num, list(r))
r = csv.DictReader(['h1,h2'])
print(list(r), r.fieldnames)
r = csv.DictReader(['h1,h2', '1,2'])
r.fieldnames = ['A', 'B']
print(list(r))
r = csv.DictReader(io.StringIO('a,b\n1,2\n'))
print(r.dialect, r.restkey, r.restval, type(r.reader).__name__, iter(r) is r)
print(next(r), r.line_num)
try:
    next(r)
except StopIteration:
    print('done')

class Upper(csv.DictReader):
    @property
    def fieldnames(self):
        names = super().fieldnames
        return [n.upper() for n in names] if names else names

print(list(Upper(['a,b', '1,2', '3,4'])))

try:
    csv.DictReader()
except TypeError as e:
    print('TypeError:', e)
try:
    csv.DictReader(['a'], f=['b'])
except TypeError as e:
    print('TypeError:', e)
try:
    csv.DictReader(['a'], bogus=1)
except TypeError as e:
    print('TypeError:', e)
try:
    list(csv.DictReader(['a,"b'], strict=True))
except csv.Error as e:
    print('Error:', e)
