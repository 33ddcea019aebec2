# copy() of Counter and defaultdict reuses the stored hashes, as CPython's
# dict_merge: no key's __hash__ or __eq__ runs; OrderedDict's copy() hashes
# each key anew, as CPython's odict_copy.
import collections

calls = []


class K:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        calls.append(("hash", self.v))
        return hash(self.v)

    def __eq__(self, other):
        calls.append(("eq", self.v))
        return isinstance(other, K) and other.v == self.v

    def __repr__(self):
        return "K(%r)" % (self.v,)


for make in (lambda: collections.defaultdict(list, {K(0): 1, K(1): 2}),
             lambda: collections.OrderedDict([(K(0), 1), (K(1), 2)]),
             lambda: collections.Counter({K(0): 1, K(1): 2})):
    d = make()
    calls.clear()
    c = d.copy()
    print(type(c).__name__, len(c), calls)

od = collections.OrderedDict(a=1, b=2, c=3)
od.move_to_end("a")
print(od.copy())
dd = collections.defaultdict(int, x=1)
dd2 = dd.copy()
dd2["y"] += 1
print(dd, dd2, dd2.default_factory)

# ChainMap iteration and len() take a plain dict's keys with their stored
# hashes (dict.fromkeys, set.union); other mappings are iterated and hashed
c = collections.ChainMap({K(0): 1, K(1): 2}, {K(2): 3})
calls.clear()
print(len(list(c)), calls)
calls.clear()
print(len(c), calls)


class M(dict):
    pass


c = collections.ChainMap(M({K(5): 1}), {K(6): 2})
calls.clear()
print(sum(1 for _ in c), calls)
