# dataclasses: generated __init__/__eq__/__lt__/__hash__/__repr__, sorting,
# replace and asdict over many records; checksum at the end.
import dataclasses

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 2
for _round in range(ROUNDS):
    @dataclasses.dataclass(order=True, frozen=True)
    class Point:
        x: int
        y: int


    @dataclasses.dataclass
    class Order:
        id: int
        customer: str
        items: list = dataclasses.field(default_factory=list)
        total: float = 0.0

        def __post_init__(self):
            self.total = sum(q * p for q, p in self.items)


    pts = [Point((i * 7919) % 1000, (i * 104729) % 997) for i in range(80000)]
    pts.sort()
    uniq = len(set(pts))
    moved = [dataclasses.replace(p, x=p.x + 1) for p in pts[:20000]]
    eq = sum(1 for a, b in zip(pts, moved) if a == b)
    orders = [Order(i, "c%d" % (i % 50), [(j % 3 + 1, (i + j) % 17 + 0.25) for j in range(i % 5 + 1)])
              for i in range(26000)]
    dicts = [dataclasses.asdict(o) for o in orders[:8000]]
    reprs = sum(len(repr(p)) for p in pts[:20000])
    print(uniq, eq, round(sum(o.total for o in orders), 2), len(dicts[-1]["items"]), reprs, pts[0], pts[-1])
