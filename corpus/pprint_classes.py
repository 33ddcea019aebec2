# pprint with user classes: own __repr__, subclasses of dict/list with and
# without one, dataclasses with generated and custom reprs
import dataclasses
import pprint


class Own:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return 'Own(%d, %s)' % (self.n, 'o' * self.n)


class Angle:
    def __repr__(self):
        return '<Angle object>'


class DictRepr(dict):
    def __repr__(self):
        return 'DictRepr(%d)' % len(self)


class ListRepr(list):
    def __repr__(self):
        return 'ListRepr' + list.__repr__(self)


class PlainDict(dict):
    pass


class PlainList(list):
    pass


class PlainTuple(tuple):
    pass


class PlainSet(set):
    pass


class PlainStr(str):
    pass


class MyInt(int):
    pass


class IntRepr(int):
    def __repr__(self):
        return 'IntRepr'


@dataclasses.dataclass
class Pt:
    x: int
    y: int
    label: str = 'point'


@dataclasses.dataclass
class Line:
    a: Pt
    b: Pt
    tags: list = dataclasses.field(default_factory=list)
    hidden: int = dataclasses.field(default=5, repr=False)


@dataclasses.dataclass(repr=False)
class NoRepr:
    x: int


@dataclasses.dataclass
class Custom:
    x: int

    def __repr__(self):
        return 'Custom!'


objs = [
    [Own(i) for i in range(8)],
    [Angle()] * 6,
    DictRepr({i: i for i in range(40)}),
    [DictRepr(a=1)] * 10,
    ListRepr(range(40)),
    PlainDict({'k%d' % i: list(range(i)) for i in range(8)}),
    PlainList(range(40)),
    PlainTuple(range(40)),
    PlainSet(range(30)),
    PlainStr('word ' * 30),
    [MyInt(10 ** 12)] * 8,
    [IntRepr(5)] * 20,
    Pt(1, 2),
    Pt(10 ** 30, 10 ** 30, 'label ' * 10),
    Line(Pt(1, 2, 'a' * 30), Pt(3, 4, 'b' * 30), ['t'] * 20),
    [Line(Pt(i, i), Pt(i, -i)) for i in range(3)],
    Custom(5),
    [Custom(i) for i in range(30)],
    {'pt': Pt(5, 6, 'x' * 70)},
]
for o in objs:
    for w in (80, 30, 8):
        print(pprint.pformat(o, width=w))
    print(pprint.pformat(o, width=30, underscore_numbers=True))
    print(pprint.isreadable(o), pprint.isrecursive(o))
print(pprint.pformat(MyInt(1234567), underscore_numbers=True))
print(pprint.pformat(True, underscore_numbers=True))
print(pprint.pformat([10 ** 10, -10 ** 10, 0], underscore_numbers=True))
print(pprint.pformat([NoRepr(10 ** 80)], width=5).startswith('[<__main__.NoRepr object at 0x'))
nr = NoRepr(1)
print(pprint.isreadable(nr), pprint.saferepr(nr) == repr(nr))
