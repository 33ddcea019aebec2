# Classes that derive from a builtin and an ABC, and the collections types
# against the ABCs: the builtin's methods come first in the MRO
from collections.abc import MutableMapping, Mapping, Sequence, MutableSequence, Set, Hashable, Sized
from collections import OrderedDict, Counter, defaultdict, deque, ChainMap, namedtuple


class D(dict, MutableMapping):
    pass


d = D(a=1)
d.update(b=2)
print(d, d.get("a"), d.pop("a"), d.setdefault("c", 3), d, isinstance(d, Mapping), type(d.keys()).__name__)


class L(list, MutableSequence):
    pass


l = L([3, 1, 2])
l.append(0)
print(l, l.index(2), l.count(1), l.pop(), isinstance(l, Sequence), sorted(l))


class T(tuple, Sequence):
    pass


t = T((1, 2, 2))
print(t, t.count(2), t.index(2), list(reversed(t)), hash(t) == hash((1, 2, 2)), isinstance(t, Hashable))


class FS(frozenset, Set):
    pass


f = FS({1, 2})
print(sorted(f), sorted(f | {3}), type(f | {3}).__name__, f <= {1, 2, 3}, isinstance(f, Hashable))
P = namedtuple("P", "x y")
p = P(1, 2)
print(isinstance(p, Sequence), p.index(2), p.count(1), isinstance(p, Hashable), issubclass(P, Sized))
for o in (OrderedDict(a=1), Counter("aab"), defaultdict(list), ChainMap({"a": 1}), deque([1])):
    print(type(o).__name__, isinstance(o, Mapping), isinstance(o, MutableMapping), isinstance(o, MutableSequence),
          isinstance(o, Hashable))
cm = ChainMap({"a": 1}, {"b": 2})
print(cm == {"a": 1, "b": 2}, dict(cm), cm.get("b"), "b" in cm)
