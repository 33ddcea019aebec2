import csv
import io
import random

rng = random.Random(1234)
alphabet = 'ab ,"\'\n\r\t;|\\é日x'

def rand_field():
    return ''.join(rng.choice(alphabet) for _ in range(rng.randrange(0, 8)))

configs = [
    {},
    {'quoting': csv.QUOTE_ALL},
    {'delimiter': ';', 'quotechar': "'"},
    {'escapechar': '\\', 'doublequote': False},
    {'quoting': csv.QUOTE_NONE, 'escapechar': '\\'},
    {'dialect': 'unix'},
    {'delimiter': '\t', 'lineterminator': '\n'},
]
for cfg in configs:
    ok = bad = errors = 0
    for trial in range(150):
        rows = [[rand_field() for _ in range(rng.randrange(1, 5))] for _ in range(rng.randrange(1, 4))]
        buf = io.StringIO()
        try:
            csv.writer(buf, **cfg).writerows(rows)
        except csv.Error as e:
            errors += 1
            continue
        text = buf.getvalue()
        try:
            got = list(csv.reader(io.StringIO(text, newline=''), **cfg))
        except csv.Error as e:
            errors += 1
            continue
        if got == rows:
            ok += 1
        else:
            bad += 1
    print(cfg, ok, bad, errors)

# the exact text for a handful of tricky rows
tricky = [['a"b', 'c,d', '', 'e\nf'], [' ', '"', '""'], ['\\', 'x\\y']]
for cfg in configs:
    buf = io.StringIO()
    try:
        csv.writer(buf, **cfg).writerows(tricky)
        print(repr(buf.getvalue()))
        print(list(csv.reader(io.StringIO(buf.getvalue(), newline=''), **cfg)))
    except csv.Error as e:
        print('Error:', e)
