# args: --max-memory 32M --timeout 60
# expect: exit=0 stdout="done 300000"
# Cycles through native iterators (itertools, deque and OrderedDict
# iterators, iter(callable, sentinel)) are collected: a list holding
# cycle(list), a dict holding chain(d.values()), an OrderedDict holding its
# own iterator, a deque holding iter(deque), a groupby or accumulate whose
# current value is itself, a tee buffering its own sibling.  300,000 rounds
# of them stay under a 32 MiB cap (each kind alone passed 32 MiB before).
import collections
import itertools

n = 0
for i in range(300000):
    l = []
    l.append(itertools.cycle(l))
    d = {}
    d["c"] = itertools.chain(d.values())
    o = collections.OrderedDict(a=1)
    o["it"] = iter(o)
    q = collections.deque([1])
    q.append(iter(q))
    g = []
    it = itertools.groupby(g)
    g.append(it)
    next(it)
    a = []
    acc = itertools.accumulate(a)
    a.append(acc)
    next(acc)
    t = []
    x, y = itertools.tee(t)
    t.append(x)
    next(y)
    p = []
    p.append(itertools.product(p, [1]))
    p.append(iter(p.pop, None))
    n += 1
print("done", n)
