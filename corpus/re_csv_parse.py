import re

FIELD = re.compile(r'\s*(?:"((?:[^"]|"")*)"|([^,]*?))\s*(?:,|$)')

def parse_line(line):
    out = []
    pos = 0
    while pos <= len(line):
        m = FIELD.match(line, pos)
        if m is None:
            break
        quoted, plain = m.groups()
        out.append(quoted.replace('""', '"') if quoted is not None else plain)
        if m.end() == pos or m.end() >= len(line) and not line.endswith(','):
            break
        pos = m.end()
    return out

rows = [
    'name,age,city',
    'Alice, 30 ,"New York, NY"',
    '"Bob ""The Builder""",45,London',
    'Carol,,Paris',
]
for r in rows:
    print(parse_line(r))
table = [parse_line(r) for r in rows[1:]]
print(sum(int(a) for _, a, _ in table if re.fullmatch(r'\d+', a)))
