# A CSV reader class: quoted fields with embedded commas and doubled quotes,
# a Row namedtuple built from the header, typed conversion through a
# converters dict, and a ParseError with line and column.
from collections import namedtuple

class ParseError(ValueError):
    def __init__(self, line, col, msg):
        super().__init__(f"line {line}, col {col}: {msg}")
        self.line, self.col = line, col

class CSVReader:
    def __init__(self, text, converters=None):
        self.lines = text.strip().splitlines()
        self.converters = converters or {}
        header = self.split(self.lines[0], 1)
        self.Row = namedtuple("Row", header)

    @staticmethod
    def split(line, lineno):
        fields, buf, i, quoted = [], [], 0, False
        while i < len(line):
            ch = line[i]
            if quoted:
                if ch == '"' and line[i + 1:i + 2] == '"':
                    buf.append('"'); i += 1
                elif ch == '"':
                    quoted = False
                else:
                    buf.append(ch)
            elif ch == '"':
                if buf:
                    raise ParseError(lineno, i + 1, "quote inside unquoted field")
                quoted = True
            elif ch == ",":
                fields.append("".join(buf)); buf = []
            else:
                buf.append(ch)
            i += 1
        if quoted:
            raise ParseError(lineno, len(line), "unterminated quote")
        fields.append("".join(buf))
        return fields

    def __iter__(self):
        for n, line in enumerate(self.lines[1:], start=2):
            values = self.split(line, n)
            if len(values) != len(self.Row._fields):
                raise ParseError(n, 1, f"expected {len(self.Row._fields)} fields, got {len(values)}")
            row = self.Row(*values)
            yield row._replace(**{k: f(getattr(row, k)) for k, f in self.converters.items()})  # safepy: ignore[SP305]

data = '''name,qty,note
bolt,10,"small, steel"
"nut ""M4""",250,
gear,3,"says ""hi"""'''
reader = CSVReader(data, {"qty": int})
rows = list(reader)
for r in rows:
    print(r)
print(sum(r.qty for r in rows), [r.name for r in rows if r.qty > 5])
for bad in ['a,b\n1,"open', 'a,b\n1,2,3', 'a,b\nx"y,2']:
    try:
        list(CSVReader(bad))
    except ParseError as e:
        print("ParseError:", e, (e.line, e.col))
