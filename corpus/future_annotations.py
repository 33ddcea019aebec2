"""PEP 563: with the future import, annotations are kept as text."""
from __future__ import annotations
from __future__ import division, generator_stop


class Node:
    value: int
    children: list[Node]
    parent: Node | None = None
    weights: dict[str,   float] = {}

    def __init__(self, value: int, parent: 'Node' = None) -> None:
        self.value = value
        self.parent = parent
        self.extra: Undefined = 3

    def link(self, other: Node) -> Node:
        return other

    def many(self, *args: int, key: str = "k", **kw: "Mapping[str, Any]") -> tuple[int, ...]:
        return args


print(Node.__annotations__)
print(Node.__init__.__annotations__)
print(Node.link.__annotations__)
print(Node.many.__annotations__)
n = Node(1)
print(n.link(Node(2)).value, n.extra)


def forms(
    a: (int),
    b: List[Tuple[int, str]],
    c: Callable[[int, str], None],
    d: Optional[Dict[str, List[int]]],
    e: "a.b.c",
    f: Literal[1, -2, 3.5, 1e999, 0x10, 1_000, 2j, b"x", "y", True, None, ...],
    g: a.b.c,
    i: f(1, *a, k=2, **kw),
    j: a + b * c - (d - e) ** -f ** g,
    k: not a and b or c and (d or e) and f,
    l: a if b else c,
    m: a < b <= c is not d not in e,
    n: [int, str],
    o: {1: 2, **d},
    p: {1, 2},
    q: (a, b),
    r: (),
    s: ~a | b << 1 >> 2 & c,
    t: 'it''s',
    u: "\n\t'\"",
    v: x[a,],
    w: int | str | None,
    y: (a or b) or c,
    z: a and (b and c),
) -> "return":
    pass


for k, v in forms.__annotations__.items():
    print(k, repr(v))

x: SomethingUndefined = 5
y: list[int]
print(__annotations__)
print(x)


def local_annotations():
    inner: NotDefinedEither = 1
    return inner


print(local_annotations())
