# Wrong arguments to the mixins and to ABCMeta's methods: the messages of
# CPython's defs
from collections.abc import Mapping, MutableMapping, Sequence, MutableSequence, Set, MutableSet, KeysView, Iterable


class M(MutableMapping):
    def __init__(self): self.d = {}
    def __getitem__(self, k): return self.d[k]
    def __setitem__(self, k, v): self.d[k] = v
    def __delitem__(self, k): del self.d[k]
    def __iter__(self): return iter(self.d)
    def __len__(self): return len(self.d)


class L(MutableSequence):
    def __init__(self): self.l = []
    def __getitem__(self, i): return self.l[i]
    def __setitem__(self, i, v): self.l[i] = v
    def __delitem__(self, i): del self.l[i]
    def __len__(self): return len(self.l)
    def insert(self, i, v): self.l.insert(i, v)


class S(MutableSet):
    def __init__(self): self.s = set()
    def __contains__(self, x): return x in self.s
    def __iter__(self): return iter(self.s)
    def __len__(self): return len(self.s)
    def add(self, x): self.s.add(x)
    def discard(self, x): self.s.discard(x)


m, l, s = M(), L(), S()
calls = [
    ("m.get()", lambda: m.get()), ("m.get(k=1)", lambda: m.get(k=1)), ("m.pop()", lambda: m.pop()),
    ("m.pop(1, 2, 3)", lambda: m.pop(1, 2, 3)), ("m.popitem(1)", lambda: m.popitem(1)),
    ("m.setdefault()", lambda: m.setdefault()), ("m.update(1, 2)", lambda: m.update(1, 2)),
    ("m.clear(0)", lambda: m.clear(0)), ("m.keys(x=1)", lambda: m.keys(x=1)), ("m.items(1)", lambda: m.items(1)),
    ("m.values(1)", lambda: m.values(1)), ("m.__eq__()", lambda: m.__eq__()),
    ("m.__contains__()", lambda: m.__contains__()), ("m.get(1, default=2)", lambda: m.get(1, default=2)),
    ("m.pop(1, default=3)", lambda: m.pop(1, default=3)),
    ("l.append()", lambda: l.append()), ("l.extend()", lambda: l.extend()), ("l.pop(1, 2)", lambda: l.pop(1, 2)),
    ("l.remove()", lambda: l.remove()), ("l.reverse(1)", lambda: l.reverse(1)), ("l.index()", lambda: l.index()),
    ("l.index(1, 2, 3, 4)", lambda: l.index(1, 2, 3, 4)), ("l.count(1, 2)", lambda: l.count(1, 2)),
    ("l.insert(0)", lambda: MutableSequence.insert(l, 0)), ("l.clear(1)", lambda: l.clear(1)),
    ("l.index(1, stop=0)", lambda: l.index(1, stop=0)), ("l.pop(index=0)", lambda: l.pop(index=0)),
    ("s.remove()", lambda: s.remove()), ("s.pop(1)", lambda: s.pop(1)), ("s.isdisjoint()", lambda: s.isdisjoint()),
    ("s._hash(1)", lambda: s._hash(1)), ("s.__le__()", lambda: s.__le__()), ("s.clear(1)", lambda: s.clear(1)),
    ("s.__ior__()", lambda: s.__ior__()), ("s.isdisjoint(5)", lambda: s.isdisjoint(5)),
    ("KeysView(m, 1)", lambda: KeysView(m, 1)), ("Mapping.register()", lambda: Mapping.register()),
    ("Iterable.__subclasshook__()", lambda: Iterable.__subclasshook__()),
    ("Iterable.__subclasshook__(1)", lambda: Iterable.__subclasshook__(1)),
    ("Set._from_iterable()", lambda: Set._from_iterable()),
    ("Mapping.__instancecheck__()", lambda: Mapping.__instancecheck__()),
    ("Mapping.__subclasscheck__(1, 2)", lambda: Mapping.__subclasscheck__(1, 2)),
]
for name, f in calls:
    try:
        print(name, "->", f())
    except Exception as e:
        print(name, "!!", type(e).__name__, e)
