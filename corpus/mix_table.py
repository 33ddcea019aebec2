# A small table class: rows as dicts, column access by name with __getitem__,
# filtering with keyword predicates, sorting, group-by, and a formatted
# __str__ with computed column widths.
class Table:
    def __init__(self, columns, rows=()):
        self.columns = list(columns)
        self.rows = []
        for r in rows:
            self.append(r)

    def append(self, row):
        if len(row) != len(self.columns):
            raise ValueError(f"row {row!r} has {len(row)} values, expected {len(self.columns)}")
        self.rows.append(dict(zip(self.columns, row)))

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, key):
        if isinstance(key, str):
            if key not in self.columns:
                raise KeyError(key)
            return [r[key] for r in self.rows]
        return self.rows[key]

    def where(self, **conds):
        keep = [r for r in self.rows
                if all(f(r[k]) if callable(f) else r[k] == f for k, f in conds.items())]
        return Table(self.columns, [tuple(r[c] for c in self.columns) for r in keep])

    def sort(self, *keys, reverse=False):
        rows = sorted(self.rows, key=lambda r: tuple(r[k] for k in keys), reverse=reverse)
        return Table(self.columns, [tuple(r[c] for c in self.columns) for r in rows])

    def group(self, key, col, agg=sum):
        groups = {}
        for r in self.rows:
            groups.setdefault(r[key], []).append(r[col])
        return {k: agg(v) for k, v in groups.items()}

    def __str__(self):
        widths = [max(len(str(x)) for x in [c] + self[c]) for c in self.columns]
        line = lambda vals: " | ".join(str(v).ljust(w) for v, w in zip(vals, widths))
        out = [line(self.columns), "-+-".join("-" * w for w in widths)]
        out += [line(r[c] for c in self.columns) for r in self.rows]
        return "\n".join(out)

t = Table(["city", "country", "pop"], [
    ("Oslo", "NO", 709), ("Bergen", "NO", 285), ("Lyon", "FR", 516),
    ("Paris", "FR", 2161), ("Nice", "FR", 342)])
print(t.sort("country", "pop", reverse=True))
print(len(t), t["city"][:2], t[0]["pop"])
print(t.where(country="FR", pop=lambda p: p < 1000)["city"])
print(t.group("country", "pop"), t.group("country", "city", agg=len))
for bad in (lambda: t.append(("Rome", "IT")), lambda: t["area"]):
    try:
        bad()
    except (ValueError, KeyError) as e:
        print(type(e).__name__, e)
