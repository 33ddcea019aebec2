# A small data pipeline built from subclasses of the builtin iterator classes.
class LoggedMap(map):
    """map that records how many items it produced and the last one."""

    def __init__(self, func, *iterables, name="map"):
        self.name = name
        self.produced = 0
        self.last = None

    def __next__(self):
        item = super().__next__()
        self.produced += 1
        self.last = item
        return item

    def __repr__(self):
        return f"<LoggedMap {self.name}: {self.produced} produced>"


class Where(filter):
    def __new__(cls, predicate, iterable, *, label):
        self = super().__new__(cls, predicate, iterable)
        self.label = label
        return self


class Indexed(enumerate):
    def __next__(self):
        index, value = super().__next__()
        return Row(index, value)


class Row:
    def __init__(self, index, value):
        self.index = index
        self.value = value

    def __repr__(self):
        return f"Row({self.index}, {self.value!r})"


raw = ["  apple 3", "banana 0", "", "cherry 12 ", "date x", "elder 7"]
cleaned = LoggedMap(str.strip, raw, name="strip")
nonempty = Where(None, cleaned, label="non-empty")
split = LoggedMap(str.split, nonempty, name="split")
valid = Where(lambda parts: len(parts) == 2 and parts[1].isdigit(), split, label="valid")
parsed = LoggedMap(lambda p: (p[0], int(p[1])), valid, name="parse")
rows = list(Indexed(parsed, start=1))
print(rows)
print(cleaned, split, parsed)
print(nonempty.label, valid.label, cleaned.last, parsed.last)
print(isinstance(parsed, map), isinstance(valid, filter), type(rows[0]).__name__)


class Columns(zip):
    def __new__(cls, *columns, names):
        self = super().__new__(cls, *columns, strict=True)
        self.names = names
        return self

    def __next__(self):
        return dict(zip(self.names, super().__next__()))


table = Columns(["ann", "bob"], [31, 45], ["oslo", "rome"], names=("name", "age", "city"))
for record in table:
    print(record)
try:
    list(Columns([1, 2], [3], names="ab"))
except ValueError as e:
    print("ValueError:", e)


class Countdown(reversed):
    def __init__(self, seq):
        self.seen = []

    def __next__(self):
        item = super().__next__()
        self.seen.append(item)
        return f"T-{item}"


cd = Countdown((1, 2, 3))
print(" ".join(cd), cd.seen)
print(type(Countdown([1, 2])).__name__, type(Countdown("ab")).__name__)
totals = {}
for name, qty in LoggedMap(lambda r: (r.value[0], r.value[1] * 2), rows):
    totals[name] = qty
print(totals, sum(LoggedMap(abs, [-1, -2, 3])))
