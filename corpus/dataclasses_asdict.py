from dataclasses import dataclass, field, asdict, astuple
from collections import namedtuple, OrderedDict

NT = namedtuple("NT", "a b")

@dataclass
class Inner:
    v: int
    w: list = field(default_factory=list)

@dataclass
class Outer:
    name: str
    inner: Inner
    items: list
    pairs: tuple
    mapping: dict
    nt: NT = NT(1, 2)
    opt: object = None

o = Outer("o", Inner(1, [1, 2]), [Inner(2), Inner(3, [4])], (Inner(5), 6), {"k": Inner(7), Inner(8).v: [Inner(9)]})
d = asdict(o)
print(d)
print(astuple(o))
print(d["inner"]["w"] is o.inner.w, d["items"][0] == {"v": 2, "w": []})
print(type(d["nt"]).__name__, d["nt"])
print(asdict(o, dict_factory=OrderedDict)["inner"])
print(asdict(Inner(1), dict_factory=lambda kv: [k for k, v in kv]))
print(astuple(Inner(1, [2]), tuple_factory=list))
for bad in (Inner, 5, [Inner(1)], None):
    try:
        asdict(bad)
    except TypeError as e:
        print("TypeError:", e)
    try:
        astuple(bad)
    except TypeError as e:
        print("TypeError:", e)

class MyList(list):
    pass

@dataclass
class Holder:
    l: MyList
    s: frozenset = frozenset()
    b: bytes = b""

h = asdict(Holder(MyList([Inner(1)]), frozenset({1}), b"x"))
print(h, type(h["l"]).__name__)
print(astuple(Holder(MyList([1, (2, 3)]))))
