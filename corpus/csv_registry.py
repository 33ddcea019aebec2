import csv

print(sorted(csv.list_dialects()))
for name in ('excel', 'excel-tab', 'unix'):
    d = csv.get_dialect(name)
    print(name, type(d).__name__, repr(d.delimiter), repr(d.quotechar), d.escapechar, d.doublequote,
          d.skipinitialspace, repr(d.lineterminator), d.quoting, d.strict)

csv.register_dialect('pipes', delimiter='|', quoting=csv.QUOTE_ALL, lineterminator='\n')
d = csv.get_dialect('pipes')
print(d.delimiter, d.quoting, repr(d.lineterminator), d.quotechar)
csv.register_dialect('pipes2', 'pipes', quotechar="'")
d2 = csv.get_dialect('pipes2')
print(d2.delimiter, d2.quoting, d2.quotechar)
csv.register_dialect('same', csv.get_dialect('excel'))
print(csv.get_dialect('same') is csv.get_dialect('excel'))

class Semi(csv.excel):
    delimiter = ';'
    skipinitialspace = True

csv.register_dialect('semi', Semi)
print(list(csv.reader(['a; b;c'], 'semi')), list(csv.reader(['a; b;c'], Semi)), list(csv.reader(['a; b;c'], Semi())))
s = Semi()
print(s._valid, s._name, Semi.delimiter, csv.excel.quoting, csv.Dialect.delimiter, csv.Dialect._valid)
print(isinstance(s, csv.Dialect), issubclass(csv.excel_tab, csv.excel), csv.unix_dialect.quoting)

class Duck:
    delimiter = ':'
    quotechar = '"'
    lineterminator = '\n'

print(list(csv.reader(['a:"b:c"'], Duck)), list(csv.reader(['a:b'], Duck())))
r = csv.reader(['x'], Duck, delimiter='#')
print(r.dialect.delimiter, r.dialect.lineterminator == '\n')

print(sorted(csv.list_dialects()))
csv.unregister_dialect('pipes')
print(sorted(csv.list_dialects()))
for bad in ('pipes', 'nothing'):
    try:
        csv.unregister_dialect(bad)
    except csv.Error as e:
        print('Error:', e)
    try:
        csv.get_dialect(bad)
    except csv.Error as e:
        print('Error:', e)
try:
    csv.register_dialect(5, Semi)
except TypeError as e:
    print('TypeError:', e)
try:
    csv.register_dialect('bad', delimiter='::')
except TypeError as e:
    print('TypeError:', e)
print('bad' in csv.list_dialects())

for bad_cls_attrs in ({'delimiter': None}, {'delimiter': ',', 'quotechar': None, 'quoting': csv.QUOTE_ALL},
                      {'delimiter': ',', 'lineterminator': 7}, {'delimiter': ',', 'quoting': 9},
                      {'delimiter': ',', 'quotechar': '"', 'lineterminator': '\n', 'quoting': 0}):
    C = type('C', (csv.Dialect,), bad_cls_attrs)  # safepy: ignore[SP308]
    try:
        C()
        print('valid', bad_cls_attrs)
    except csv.Error as e:
        print('Error:', e)

class Partial(csv.Dialect):
    delimiter = ','
    quotechar = '"'
    lineterminator = '\r\n'
    quoting = csv.QUOTE_MINIMAL
p = Partial()
print(p._valid, p.doublequote, p.escapechar)
print(csv.reader([], p).dialect.doublequote)
