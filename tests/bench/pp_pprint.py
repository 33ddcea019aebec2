# pprint: pprint.pformat of a large nested structure (a list of records
# holding dicts, lists, tuples and long strings) at two widths, plus
# pprint.saferepr and isreadable; the line counts and lengths are printed.
import pprint

RECORDS = 9000

data = []
for i in range(RECORDS):
    data.append({
        "id": i,
        "name": "record number %d with a longer descriptive title" % i,
        "tags": ["t%d" % (i % 7), "u%d" % (i % 11), "v%d" % (i % 13)],
        "pos": (i * 0.5, -i, i % 3 == 0),
        "sub": {"depth": {"more": list(range(i % 9))}},
    })

wide = pprint.pformat(data, width=120)
narrow = pprint.pformat(data, width=40, compact=True)
safe = pprint.saferepr(data[:200])
print(len(wide), wide.count("\n"), len(narrow), narrow.count("\n"), len(safe), pprint.isreadable(data[:50]))
print(pprint.pformat(data[7], width=50))
