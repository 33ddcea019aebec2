# Pattern matching on instances of the ABCs' subclasses: a Mapping subclass
# matches mapping patterns, a Sequence subclass sequence patterns (CPython
# sets the collection flags through __abc_tpflags__); registered classes too
from collections.abc import Mapping, Sequence, MutableSequence


class Frozen(Mapping):
    def __init__(self, **kw):
        self._d = kw

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


class Pair(Sequence):
    def __getitem__(self, i):
        if i > 1:
            raise IndexError
        return (10, 20)[i]

    def __len__(self):
        return 2


def kind(x):
    match x:
        case {"a": v, **rest}:
            return f"mapping a={v} rest={rest}"
        case [p, q]:
            return f"pair {p} {q}"
        case [*items]:
            return f"seq {items}"
        case _:
            return "other"


print(kind(Frozen(a=1, b=2)), kind(Frozen(b=2)), kind(Pair()), kind({"a": 0}), kind([1, 2, 3]), kind("ab"))


class Reg:
    def __len__(self):
        return 1

    def __getitem__(self, i):
        if i:
            raise IndexError
        return "r"


print(kind(Reg()))
MutableSequence.register(Reg)
print(kind(Reg()))
from collections import UserDict, UserList


def show(x):
    match x:
        case {"k": 1}:
            return "k1"
        case {}:
            return "empty-ok mapping"
        case [first, *_]:
            return f"starts {first}"
        case _:
            return "no"


print(show(UserDict(k=1)), show(UserDict()), show(UserList([7, 8])), show(Frozen(k=2)))


class Traced(Frozen):
    def get(self, k, default=None):
        print("  get", k)
        return super().get(k, default)


match Traced(a=1, z=3):
    case {"z": z, "a": a, **others}:
        print("matched", z, a, others)
