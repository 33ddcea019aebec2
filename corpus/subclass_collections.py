# Subclassing collections types: defaultdict with a method, Counter with a
# summary, OrderedDict as a bounded recent-items store.
from collections import defaultdict, Counter, OrderedDict

class Graph(defaultdict):
    def __init__(self):
        super().__init__(list)
    def edge(self, a, b):
        self[a].append(b)
        self[b].append(a)

g = Graph()
g.edge(1, 2)
g.edge(1, 3)
print(dict(g), g[9], len(g))

class WordCount(Counter):
    def summary(self, n=2):
        return ", ".join(f"{w}={c}" for w, c in self.most_common(n))

wc = WordCount("a b a c b a".split())
print(wc.summary(), wc["a"], wc["zzz"])

class Recent(OrderedDict):
    def __init__(self, limit):
        super().__init__()
        self.limit = limit
    def touch(self, key, value):
        if key in self:
            self.move_to_end(key)
        self[key] = value
        while len(self) > self.limit:
            self.popitem(last=False)

r = Recent(3)
for k in "abcab":
    r.touch(k, k.upper())
r.touch("d", "D")
print(list(r.items()), r.limit)
