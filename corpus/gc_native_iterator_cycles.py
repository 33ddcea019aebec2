# Native iterators (itertools, collections, iter(f, sentinel), enumerate
# past 2**63, iteration through __getitem__) inside reference cycles: live ones
# keep working after the cycle collector has run many times, and garbage
# ones go away without touching what is still in use.
import collections
import itertools


def churn(rounds=30000):
    # garbage cycles enough for several collections
    for _ in range(rounds):
        x = []
        x.append(x)


class Val:
    def __init__(self, n):
        self.n = n
        self.me = self

    def __repr__(self):
        return "Val(%d)" % self.n


def kind(v):
    return type(v).__name__


# cycle: the list holds the iterator over itself
l = [1, 2]
c = itertools.cycle(l)
l.append(c)
churn()
print("cycle", [kind(v) if v is c else v for v in itertools.islice(c, 7)])

# chain over a dict's values, stored in the dict
d = {"a": 1, "b": 2}
d["c"] = itertools.chain(d.values(), [3])
churn()
print("chain", [kind(v) for v in d["c"]])

# groupby whose current value is itself; its grouper after collections
g = []
gb = itertools.groupby(g, key=lambda v: 0)
g.append(gb)
g.append(Val(5))
k, grp = next(gb)
churn()
print("groupby", k, [kind(v) for v in grp])
gl = [Val(i // 2) for i in range(6)]
gb2 = itertools.groupby(gl, key=lambda v: v.n if isinstance(v, Val) else -1)
gl.append(gb2)
first = next(gb2)
churn()
print("groupby2", first[0], list(first[1]), [(k2, len(list(v2))) for k2, v2 in gb2])

# accumulate whose running total is itself
a = [0]
acc = itertools.accumulate(a, lambda x, y: y)
a.append(acc)
a.append(Val(9))
print("accumulate", [kind(v) for v in itertools.islice(acc, 2)])
churn()
print("accumulate", [repr(v) for v in acc])

# pairwise holding its previous item, which holds the pairwise
pl = [Val(1)]
pw = itertools.pairwise(pl)
pl[0].pw = pw
pl.append(Val(2))
pl.append(Val(3))
print("pairwise", next(pw))
churn()
print("pairwise", list(pw), pl[0].pw is pw)

# tee: a value only the buffer and this generator's frame hold, with the
# tees themselves left in a garbage cycle
def tee_holder():
    v = Val(7)
    ts = list(itertools.tee(iter([v, Val(8)]), 3))
    for t in ts:
        next(t)
    ts.append(ts)
    del ts, t
    yield "made"
    churn()
    yield v.n, v.me is v

th = tee_holder()
print("tee", next(th))
print("tee", next(th))

# tees at the same place and apart, sharing one buffer of cycles
src = [Val(i) for i in range(6)]
t1, t2, t3 = itertools.tee(src, 3)
src.append(t1)
next(t1)
next(t2)
t4, t5 = itertools.tee(t2)
churn()
print("tee", [repr(v) if isinstance(v, Val) else kind(v) for v in t1])
print("tee", [repr(v) if isinstance(v, Val) else kind(v) for v in t3])
print("tee", list(itertools.islice(t4, 2)), list(itertools.islice(t5, 3)))
del t1, t2, t3, t4, t5, src
churn()

# repeat, count, islice, compress, dropwhile, takewhile, filterfalse,
# starmap, zip_longest, product, permutations, combinations
box = Val(0)
box.r = itertools.repeat(box, 2)
box.cnt = itertools.count(5, 2)
isl = []
isl.append(itertools.islice(isl, 3))
cl = [1, 0, 1]
cl.append(itertools.compress(cl, [1, 1, 1, 1]))
dw = [1, 2, 3]
dw.append(itertools.dropwhile(lambda v: v == 1, dw))
tw = [1, 2, 3]
tw.append(itertools.takewhile(lambda v: v != 3, tw))
ff = [0, 1, 0]
ff.append(itertools.filterfalse(None, ff))
sm = [(1, 2), (3, 4)]
sm.append(itertools.starmap(lambda *v: sum(v), sm[:2]))
zl = [1, 2]
zl.append(itertools.zip_longest(zl, "ab", fillvalue=box))
pr = [1]
pr.append(itertools.product([pr], "xy"))
pe = [Val(1), 2]
pe[0].it = itertools.permutations(pe)
co = [Val(1), 2, 3]
co[0].it = itertools.combinations(co, 2)
cw = [Val(1)]
cw[0].it = itertools.combinations_with_replacement(cw, 2)
churn()
print("repeat", [v is box for v in box.r], next(box.cnt), next(box.cnt))
print("islice", [kind(v) for v in isl[0]])
print("compress", [kind(v) for v in cl[3]])
print("dropwhile", [kind(v) for v in dw[3]])
print("takewhile", [kind(v) for v in tw[3]])
print("filterfalse", [kind(v) for v in ff[3]])
print("starmap", list(sm[2]))
print("zip_longest", [(v[0] if isinstance(v[0], int) else kind(v[0]), v[1] if isinstance(v[1], str) else kind(v[1])) for v in zl[2]])
print("product", [(kind(x), y) for x, y in pr[1]])
print("permutations", [tuple(kind(v) for v in p) for p in pe[0].it])
print("combinations", [tuple(kind(v) for v in p) for p in co[0].it])
print("cwr", [tuple(kind(v) for v in p) for p in cw[0].it])

# collections: OrderedDict iterators, deque iterators, Counter.elements,
# UserList and UserDict iteration
# (each holds its iterator in a list it already had: storing the
# iterator in the container itself would change what it iterates)
od = collections.OrderedDict(a=1, it=[])
od["it"].append(iter(od))
odr = collections.OrderedDict(x=1, rit=[])
odr["rit"].append(reversed(odr))
odv = collections.OrderedDict(y=2, vit=[])
odv["vit"].append(iter(odv.values()))
odi = collections.OrderedDict(z=3, iit=[])
odi["iit"].append(iter(odi.items()))
dq = collections.deque([1, []])
dq[1].append(iter(dq))
dq2 = collections.deque([3, []])
dq2[1].append(reversed(dq2))
cn = collections.Counter(a=2)
el = cn.elements()
cn2 = collections.Counter({box: 2})
box.el = cn2.elements()
ul = collections.UserList([1, 2])
ul.append(iter(ul))
ud = collections.UserDict(k=1, kit=[])
ud["kit"].append(iter(ud.keys()))
ud["vit"] = []
ud["vit"].append(iter(ud.values()))
churn()
print("odict", list(od["it"][0]), list(odr["rit"][0]), [kind(v) for v in odv["vit"][0]])
print("odict", [(k, kind(v)) for k, v in odi["iit"][0]])
print("deque", [kind(v) for v in dq[1][0]], [kind(v) for v in dq2[1][0]])
print("elements", list(el), [v is box for v in box.el])
print("userlist", [kind(v) for v in ul[2]])
print("userdict", list(ud["kit"][0]), [kind(v) for v in ud["vit"][0]])

# iter(callable, sentinel), enumerate past 2**63, a class iterated through
# __getitem__
cl2 = [None, 3, 2, 1]
cl2.append(iter(cl2.pop, None))
big = [10, 20]
big.append(enumerate(big, 2**63))


class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return self if i == 1 else i


sq = Seq()
sq.it = iter(sq)

churn()
print("calliter", [kind(v) if not isinstance(v, int) else v for v in cl2[4]])
print("enumerate", [(i, kind(v) if not isinstance(v, int) else v) for i, v in big[2]])
print("getitem", [kind(v) for v in sq.it])

# a great many garbage cycles of each kind: only behaviour is observable
total = 0
for i in range(3000):
    x = [i]
    x.append(itertools.cycle(x))
    y = {"v": i}
    y["c"] = itertools.chain(y.values())
    z = collections.deque([i, []])
    z[1].append(iter(z))
    w = []
    gw = itertools.groupby(w)
    w.append(gw)
    next(gw)
    total += next(x[1]) + next(y["c"]) + next(z[1][0])
print("many", total)
