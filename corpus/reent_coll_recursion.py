from collections import deque, Counter, OrderedDict, defaultdict, ChainMap, UserList
def t(name, f):
    try:
        r = f()
        print(name, "->", str(r)[:60])
    except RecursionError as e:
        print(name, "RecursionError")
    except Exception as e:
        print(name, "!!", type(e).__name__, e)
d1 = deque(); d1.append(d1); d2 = deque(); d2.append(d2)
t("deque self eq", lambda: d1 == d2)
t("deque self lt", lambda: d1 < d2)
d = deque()
for i in range(5000): d = deque([d])
t("deep deque repr", lambda: len(repr(d)))
e = deque()
for i in range(5000): e = deque([e])
t("deep deque eq", lambda: d == e)
c = Counter(); c['x'] = c
t("counter self repr", lambda: repr(c))
c1 = Counter(); c1['x'] = c1; c2 = Counter(); c2['x'] = c2
t("counter self eq", lambda: c1 == c2)
o1 = OrderedDict(); o1['x'] = o1; o2 = OrderedDict(); o2['x'] = o2
t("odict self eq", lambda: o1 == o2)
dd1 = defaultdict(int); dd1['x'] = dd1; dd2 = defaultdict(int); dd2['x'] = dd2
t("dd self eq", lambda: dd1 == dd2)
o = OrderedDict()
for i in range(5000): o = OrderedDict(a=o)
t("deep odict repr", lambda: len(repr(o)))
c = Counter()
for i in range(5000): c = Counter({'a': c})
t("deep counter repr", lambda: len(repr(c)))
dd = defaultdict(int)
for i in range(5000): dd = defaultdict(int, a=dd)
t("deep dd repr", lambda: len(repr(dd)))
cm = ChainMap({})
for i in range(5000): cm = ChainMap(cm)
t("deep chainmap get", lambda: cm['x'])
t("deep chainmap repr", lambda: len(repr(cm)))
u = UserList()
for i in range(5000): u = UserList([u])
t("deep userlist repr", lambda: len(repr(u)))
