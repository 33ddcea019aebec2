# dict(x), {**x}, d.update(x) and Counter(x) read a dict's table directly
# only when x iterates as a dict: an OrderedDict (and a subclass with its own
# __iter__) is merged through keys() and x[key], so its iteration's checks
# and its __getitem__ run as under CPython.
import collections

ON = [False]


class K:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        if ON[0]:
            od.move_to_end('a')
        return hash(self.v)

    def __eq__(self, other):
        return isinstance(other, K) and other.v == self.v

    def __repr__(self):
        return 'K%d' % self.v


merges = [("dict", dict), ("splat", lambda o: {**o}), ("update", lambda o: {}.update(o)),
          ("Counter", collections.Counter), ("Counter.update", lambda o: collections.Counter().update(o)),
          ("defaultdict.update", collections.defaultdict(int).update), ("OrderedDict", collections.OrderedDict)]
for name, f in merges:
    ON[0] = False
    od = collections.OrderedDict([('a', 1), (K(1), 2), (K(2), 3)])
    ON[0] = True
    try:
        print(name, f(od))
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
ON[0] = False


class D(dict):
    def __iter__(self):
        print("iter")
        return iter(['x'])

    def keys(self):
        print("keys")
        return ['y']

    def __getitem__(self, k):
        print("get", k)
        return 1


print(dict(D(z=1)), {**D(z=2)})
e = {}
e.update(D(z=3))
print(e)


class D2(dict):
    def keys(self):
        print("keys")
        return ['y']


print(dict(D2(z=1)), collections.Counter(D2(q=4)))


class O(collections.OrderedDict):
    def __getitem__(self, k):
        return super().__getitem__(k) * 10


print(dict(O(a=1, b=2)), dict(collections.OrderedDict(a=1)))
