# PySequence_Tuple and list() inside the library ask the hint too:
# itertools.product / combinations / permutations, starmap's argument
# tuples, math.dist, ExceptionGroup, random.sample's pool.
import itertools
import math
import random


class Seq:
    def __init__(self, items, log):
        self.items = list(items)
        self.log = log

    def __iter__(self):
        self.log.append("iter")
        return iter(self.items)

    def __len__(self):
        self.log.append("len")
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def show(name, fn):
    log = []
    try:
        r = fn(log)
    except Exception as e:
        r = "%s: %s" % (type(e).__name__, e)
    print(name, log, r)


show("product", lambda log: list(itertools.product(Seq("ab", log), repeat=1)))
show("product2", lambda log: list(itertools.product(Seq("ab", log), Seq("c", log))))
show("combinations", lambda log: list(itertools.combinations(Seq("abc", log), 2)))
show("permutations", lambda log: list(itertools.permutations(Seq("ab", log))))
show("cwr", lambda log: list(itertools.combinations_with_replacement(Seq("ab", log), 2)))
show("starmap", lambda log: list(itertools.starmap(max, [Seq((1, 5), log), Seq((7, 2), log)])))
show("dist", lambda log: math.dist(Seq((0, 0), log), Seq((3, 4), log)))
show("ExceptionGroup", lambda log: ExceptionGroup("m", Seq([ValueError(1)], log)).exceptions)
show("sample", lambda log: sorted(random.Random(1).sample(Seq(range(5), log), 2)))
show("chain", lambda log: list(itertools.chain(Seq("ab", log))))
show("cycle", lambda log: list(itertools.islice(itertools.cycle(Seq("ab", log)), 3)))


class BadLen(Seq):
    def __len__(self):
        self.log.append("len")
        raise ValueError("bad len")


show("product bad", lambda log: list(itertools.product(BadLen("ab", log))))
show("combinations bad", lambda log: list(itertools.combinations(BadLen("ab", log), 1)))
show("dist bad", lambda log: math.dist(BadLen((0,), log), (1,)))
show("tuple bad", lambda log: tuple(BadLen("ab", log)))
show("set bad", lambda log: sorted(set(BadLen("ab", log))))
