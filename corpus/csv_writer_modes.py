import csv
import io

rows = [
    ['plain', 'with,comma', 'with "quote"', 'multi\nline', '', None, 42, 3.25, True, -7],
    ['  lead', 'trail  ', "it's", 'tab\there', 'cr\rhere'],
    [],
    [''],
    [None],
    ['', ''],
]

for name, kw in [
    ('minimal', {}),
    ('all', {'quoting': csv.QUOTE_ALL}),
    ('nonnumeric', {'quoting': csv.QUOTE_NONNUMERIC}),
    ('none+esc', {'quoting': csv.QUOTE_NONE, 'escapechar': '\\'}),
    ('noquote-dq', {'doublequote': False, 'escapechar': '\\'}),
    ('semicolon', {'delimiter': ';', 'lineterminator': '\n'}),
    ('quote-single', {'quotechar': "'", 'lineterminator': '|'}),
    ('tab', {'dialect': 'excel-tab'}),
    ('unix', {'dialect': 'unix'}),
]:
    buf = io.StringIO()
    w = csv.writer(buf, **kw)
    rets = []
    for row in rows:
        try:
            rets.append(w.writerow(row))
        except csv.Error as e:
            rets.append('Error: %s' % e)
    print(name, rets)
    print(repr(buf.getvalue()))

buf = io.StringIO()
w = csv.writer(buf)
print(w.writerows([[i, i * i, 'r%d' % i] for i in range(5)]))
print(w.writerows(iter([('a', 'b'), 'xy', range(3)])))
print(buf.getvalue())

class Money:
    def __init__(self, cents):
        self.cents = cents
    def __str__(self):
        return '$%d.%02d' % divmod(self.cents, 100)

class Num:
    def __float__(self):
        return 1.5
    def __str__(self):
        return 'num'

buf = io.StringIO()
w = csv.writer(buf, quoting=csv.QUOTE_NONNUMERIC)
w.writerow([Money(12345), Num(), 1 + 2j, 'x'])
print(repr(buf.getvalue()))

try:
    csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(['a"b'])
except csv.Error as e:
    print('Error:', e)
try:
    csv.writer(io.StringIO(), escapechar=None, doublequote=False).writerow(['a"b'])
except csv.Error as e:
    print('Error:', e)
try:
    w.writerow(5)
except csv.Error as e:
    print('Error:', e)
try:
    w.writerows(5)
except TypeError as e:
    print('TypeError:', e)

class Sink:
    def __init__(self):
        self.lines = []
    def write(self, s):
        self.lines.append(s)
        return len(s) * 10

s = Sink()
w = csv.writer(s)
print(w.writerow(['a', 'b']), s.lines, w.dialect.delimiter)
class NoWrite:
    write = 5
for bad in (NoWrite(), 3, None):
    try:
        csv.writer(bad)
    except TypeError as e:
        print('TypeError:', e)
