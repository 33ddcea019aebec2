from dataclasses import dataclass, field, fields, asdict, astuple, is_dataclass
from collections import OrderedDict, Counter

@dataclass
class P:
    x: int = 0

print(P.__init__.__name__, P.__init__.__qualname__, P.__repr__.__qualname__, P.__eq__.__qualname__)
print(P().__init__.__qualname__, callable(P.__init__))

def maker():
    @dataclass(frozen=True, order=True)
    class L:
        a: int
    return L

L = maker()
print(L.__init__.__qualname__, L.__setattr__.__qualname__, L.__lt__.__qualname__, L.__hash__.__qualname__)

try:
    @dataclass(slots=True)
    class S:
        __slots__ = ("a",)
        a: int
except TypeError as e:
    print("TypeError:", e)

@dataclass(frozen=True)
class Key:
    k: str

@dataclass
class Reg:
    table: dict
    od: OrderedDict
    cnt: Counter

try:
    asdict(Reg({Key("a"): 1}, OrderedDict(), Counter()))
except TypeError as e:
    print("TypeError:", e)
print(astuple(Reg({Key("a"): [Key("b")]}, OrderedDict(), Counter())))
r = Reg({"a": [Key("b")]}, OrderedDict(x=Key("c")), Counter("aab"))
d = asdict(r)
print(d)
print(type(d["od"]).__name__, type(d["cnt"]).__name__)
print(astuple(r))

@dataclass
class Opt:
    v: object = None
    w: bool = True
    z: complex = 1j
    r: range = range(3)

print(asdict(Opt()), astuple(Opt(v=(1, [2, {"k": (3,)}]))))
print(is_dataclass(Opt().v), is_dataclass(type), is_dataclass(Opt))

class NotData:
    x: int = 5

print(is_dataclass(NotData), is_dataclass(NotData()))

@dataclass
class Obj(object):
    pass

print(Obj(), fields(Obj))

@dataclass
class Counted:
    n: int
    def __len__(self):
        return self.n

print(Counted(0), bool(Counted(0)), len(Counted(3)))
