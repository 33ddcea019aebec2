import csv
import io

SALES = """region,product,units,price
North,Widget,10,2.50
South,Widget,4,2.50
North,Gadget,3,10.00
East,Widget,7,2.75
South,Gizmo,12,1.25
North,Widget,1,2.50
East,"Gadget, deluxe",2,19.99
West,Gizmo,0,1.25
"""

by_region = {}
by_product = {}
for row in csv.DictReader(io.StringIO(SALES)):
    revenue = int(row['units']) * float(row['price'])
    by_region[row['region']] = by_region.get(row['region'], 0.0) + revenue
    by_product.setdefault(row['product'], []).append(int(row['units']))

report = io.StringIO()
w = csv.writer(report, lineterminator='\n')
w.writerow(['region', 'revenue', 'share'])
total = sum(by_region.values())
for region in sorted(by_region, key=lambda r: -by_region[r]):
    w.writerow([region, '%.2f' % by_region[region], '%.1f%%' % (100 * by_region[region] / total)])
w.writerow(['TOTAL', round(total, 2), ''])
print(report.getvalue())

out = io.StringIO()
dw = csv.DictWriter(out, fieldnames=['product', 'orders', 'units', 'max'], quoting=csv.QUOTE_NONNUMERIC)
dw.writeheader()
for product, units in sorted(by_product.items()):
    dw.writerow({'product': product, 'orders': len(units), 'units': sum(units), 'max': max(units)})
print(out.getvalue())

# read the report back
back = list(csv.reader(io.StringIO(out.getvalue()), quoting=csv.QUOTE_NONNUMERIC))
print(back)
print(sum(r[2] for r in back[1:]))

# column sums over a table of many rows
table = io.StringIO()
w = csv.writer(table)
for i in range(500):
    w.writerow([i, i * 0.5, 'name%d' % (i % 7), 'note, with comma' if i % 3 == 0 else ''])
table.seek(0)
sums = [0, 0.0]
names = {}
for rec in csv.reader(table):
    sums[0] += int(rec[0])
    sums[1] += float(rec[1])
    names[rec[2]] = names.get(rec[2], 0) + 1
    assert rec[3] in ('', 'note, with comma')
print(sums, sorted(names.items()))
