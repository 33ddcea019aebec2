import csv
import io

people = [
    {'name': 'Alice', 'age': 30, 'city': 'NYC'},
    {'name': 'Bob', 'age': 25},
    {'name': 'Carol, PhD', 'city': 'San "Fran"', 'age': None},
]
out = io.StringIO()
w = csv.DictWriter(out, fieldnames=['name', 'age', 'city'])
print(w.writeheader())
for p in people:
    print(w.writerow(p))
print(w.writerows(people))
print(out.getvalue())

out = io.StringIO()
w = csv.DictWriter(out, ['name', 'age'], restval='N/A', extrasaction='ignore', delimiter=';', lineterminator='\n')
w.writeheader()
w.writerows(people)
print(out.getvalue())

w = csv.DictWriter(io.StringIO(), ['a', 'b'])
for bad in ({'a': 1, 'c': 2}, {'z': 1}, {'a': 1, 'b': 2, 'c': 3}):
    try:
        w.writerow(bad)
    except ValueError as e:
        print('ValueError:', e)
for ea in ('bogus', 'RAISE', 'Ignore'):
    try:
        d = csv.DictWriter(io.StringIO(), ['a'], extrasaction=ea)
        print(ea, 'ok', d.extrasaction)
        print(d.writerow({'a': 1, 'b': 2}))
    except ValueError as e:
        print('ValueError:', e)
try:
    csv.DictWriter(io.StringIO())
except TypeError as e:
    print('TypeError:', e)
try:
    csv.DictWriter(io.StringIO(), ['a'], extrasaction=5)
except AttributeError as e:
    print('AttributeError:', e)

out = io.StringIO()
w = csv.DictWriter(out, fieldnames=('x', 'y'), quoting=csv.QUOTE_NONNUMERIC)
w.writeheader()
w.writerows({'x': i, 'y': i / 4} for i in range(4))
print(out.getvalue())
print(w.fieldnames, w.restval, w.extrasaction, type(w.writer).__name__)
print(list(w._dict_to_list({'x': 1})))

class Logged(csv.DictWriter):
    def writerow(self, rowdict):
        print('writing', sorted(rowdict))
        return super().writerow(rowdict)

out = io.StringIO()
lw = Logged(out, ['k'])
lw.writeheader()
lw.writerow({'k': 'v'})
print(repr(out.getvalue()))
