import csv
import io

# an iterator that appends to the list it reads from
lines = ['a,b', 'c,d']
def grow():
    i = 0
    while i < len(lines):
        if len(lines) < 6:
            lines.append('x%d,y' % i)
        yield lines[i]
        i += 1
print(list(csv.reader(grow())))

# a field whose __str__ writes a row to the same writer
buf = io.StringIO()
w = csv.writer(buf)
class Sneaky:
    def __init__(self, depth):
        self.depth = depth
    def __str__(self):
        if self.depth:
            w.writerow(['inner', Sneaky(self.depth - 1)])
        return 'outer%d' % self.depth
w.writerow(['start', Sneaky(3), 'end'])
print(repr(buf.getvalue()))

# a write that re-registers dialects and writes again
log = []
class Out:
    def write(self, s):
        log.append(s)
        if len(log) < 3:
            csv.register_dialect('d%d' % len(log), delimiter=';')
            w2.writerow(['again', len(log)])
        return len(s)
w2 = csv.writer(Out())
print(w2.writerow(['first']))
print(log, sorted(csv.list_dialects()))

# a reader fed by a generator reading a DictReader
src = io.StringIO('k,v\n1,one\n2,two\n3,three\n')
def from_dicts():
    for d in csv.DictReader(src):
        yield '%s;%s' % (d['v'], d['k'])
print(list(csv.reader(from_dicts(), delimiter=';')))

# a DictWriter whose fieldnames change while writing
fields = ['a', 'b']
class Grower(dict):
    def get(self, key, default=None):
        if len(fields) < 4:
            fields.append('z%d' % len(fields))
        return super().get(key, default)
out = io.StringIO()
dw = csv.DictWriter(out, fields, extrasaction='ignore')
dw.writerow(Grower(a=1, b=2))
print(repr(out.getvalue()), fields)

# the reader object's iterator is replaced by its own rows
rows = []
r = csv.reader(iter(['1,2', '3,4']))
for row in r:
    rows.append(row)
    rows.append(r.line_num)
print(rows)
