# Errors inside expressions spread over several lines: the traceback names
# the line where the failing part starts, as CPython 3.11 does.
def lookup(table, key):
    return (
        table["base"]
        + table[key]
    )


def compute(rows):
    totals = []
    for r in rows:
        totals.append(
            lookup(r,
                   "extra")
        )
    return totals


rows = [{"base": 1, "extra": 2}, {"base": 3}]
try:
    compute(rows)
except KeyError as e:
    print("caught", repr(e))


def average(xs):
    return (sum(xs)
            / (len(xs)
               - 3))


try:
    average([1, 2, 3])
except ZeroDivisionError as e:
    print("caught", e)

report = {
    "count": len(rows),
    "first": rows[0]["base"],
}
print(report)


class Config:
    def __init__(self):
        self.opts = {"a": 1}

    def get(self, name):
        return self.opts[
            name
        ]

    def total(self):
        return (self.get("a") +
                self.get("b"))


cfg = Config()
try:
    cfg.total()
except KeyError as e:
    raise RuntimeError(
        "config failed"
    ) from e
