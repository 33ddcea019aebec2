# repr of a subclass of OrderedDict, defaultdict, Counter, set and frozenset
# names the subclass, as CPython's type(self).__name__ / tp_name.
import collections


class LRU(collections.OrderedDict):
    def __init__(self, cap):
        super().__init__()
        self.cap = cap

    def get(self, k):
        if k not in self:
            return -1
        self.move_to_end(k)
        return self[k]

    def put(self, k, v):
        self[k] = v
        self.move_to_end(k)
        if len(self) > self.cap:
            self.popitem(last=False)


c = LRU(2)
c.put(1, 1)
c.put(2, 2)
c.get(1)
c.put(3, 3)
print(c, list(c), c.get(2), repr(c), str(c))


class OD(collections.OrderedDict):
    pass


class DD(collections.defaultdict):
    pass


class C(collections.Counter):
    pass


class S(set):
    pass


class FS(frozenset):
    pass


class Tagged(set):
    def __repr__(self):
        return 'Tagged:' + super().__repr__()


print(OD(a=1), OD(), DD(int, {'a': 1}), DD(), C('aab'), C())
print(S({1}), FS({1}), S(), FS(), Tagged({2}), Tagged(), [S({3})], {'k': FS()})
print(repr(OD(a=1).keys()), repr(OD(a=1).items()), f'{C("zz")!r}', '%r' % (DD(list),))
d = OD()
d['self'] = d
print(d)
dd = DD(list)
dd['me'] = dd
print(dd)
print(set(), frozenset(), {1}, frozenset({1}), collections.OrderedDict(), collections.Counter('a'))
