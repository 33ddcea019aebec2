from collections import ChainMap
def t(name, f):
    try:
        r = f()
        print(name, "->", r)
    except Exception as e:
        print(name, "!!", type(e).__name__, str(e)[:60])
c = ChainMap({}); c.maps.append(c)
t("getitem", lambda: c[1])
t("contains", lambda: 1 in c)
t("get", lambda: c.get(1))
t("iter", lambda: list(c))
t("repr", lambda: repr(c))
t("bool", lambda: bool(c))
t("keys", lambda: list(c.keys()))
t("items", lambda: list(c.items()))
t("values", lambda: list(c.values()))
t("copy", lambda: c.copy())
for name, f in [("len", lambda: len(c)), ("eq", lambda: c == {})]:
    try: f()
    except RecursionError: print(name, "RecursionError")
c2 = ChainMap({1: 2}); c2.maps.insert(0, c2)
t("set", lambda: c2.__setitem__(1, 2))
t("del", lambda: c2.__delitem__(1))
t("pop", lambda: c2.pop(1))
t("popitem", lambda: c2.popitem())
t("clear", lambda: c2.clear())
t("copy2", lambda: c2.copy())
t("repr2", lambda: repr(c2))
t("ior", lambda: c2.__ior__({3: 4}))
t("or", lambda: c2 | {3: 4})
t("new_child", lambda: repr(c2.new_child()))
t("parents", lambda: repr(c2.parents))
t("getitem2", lambda: c2[1])
# mutation of maps during lookup
class M(dict):
    def __init__(self, cm): self.cm = cm
    def __getitem__(self, k):
        self.cm.maps.clear()
        raise KeyError(k)
    def __iter__(self):
        self.cm.maps.clear()
        return iter([1, 2])
    def __len__(self): return 2
    def __contains__(self, k):
        self.cm.maps.clear()
        return False
    def __repr__(self):
        self.cm.maps.clear()
        return "M"
    def __bool__(self):
        self.cm.maps.clear()
        return False
for op in ["getitem", "contains", "len", "iter", "repr", "bool", "get", "eq"]:
    cm = ChainMap({}, {}, {5: 6}); cm.maps.insert(0, M(cm)); cm.maps.insert(2, M(cm))
    f = {"getitem": lambda: cm[5], "contains": lambda: 5 in cm, "len": lambda: len(cm), "iter": lambda: list(cm),
         "repr": lambda: repr(cm), "bool": lambda: bool(cm), "get": lambda: cm.get(5), "keys": lambda: list(cm.keys()),
         "eq": lambda: cm == {5: 6}}[op]
    t("mut-" + op, f)
    print(cm.maps)
class K:
    def __init__(self, cm): self.cm = cm
    def __hash__(self): return 1
    def __eq__(self, o):
        self.cm.maps.clear(); self.cm.maps.append({})
        return False
    def __repr__(self): return "K"
cm = ChainMap({K(None): 1}, {K(None): 2}); 
for k in cm.maps[0]: k.cm = cm
for k in cm.maps[1]: k.cm = cm
t("kget", lambda: cm[K(cm)])
cm = ChainMap({K(None): 1}, {K(None): 2}); 
for m in cm.maps:
    for k in m: k.cm = cm
t("klen", lambda: len(cm))
t("kitems", lambda: list(cm.items()))

# lookups that fall through every map
cm = ChainMap({}, {1: 'one'}, {2: 'two'})
print(cm[1], cm.get(3), 2 in cm, len(cm), list(cm), repr(cm))
# break the cycles so nothing outlives the program
del c.maps[-1]; del c2.maps[0]
print(repr(c), repr(c2))
