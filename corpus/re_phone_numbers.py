import re

text = """Call 555-123-4567 or (555) 987-6543. Intl: +1 555 222 3333.
Fax: 555.444.5555, old: 5551112222, invalid: 55-1234-567."""
pat = re.compile(r'''
    (?:\+1[\s.-]?)?          # country code
    \(?(?P<area>\d{3})\)?    # area
    [\s.-]?
    (?P<prefix>\d{3})
    [\s.-]?
    (?P<line>\d{4})\b
''', re.X)
seen = []
for m in pat.finditer(text):
    norm = "({area}) {prefix}-{line}".format(**m.groupdict())
    seen.append(norm)
    print(f"{m.group().strip():18} -> {norm} at {m.span()}")
print(len(seen), len(set(seen)))
by_area = {}
for n in seen:
    area = re.match(r'\((\d+)\)', n).group(1)
    by_area.setdefault(area, []).append(n)
print(by_area)
