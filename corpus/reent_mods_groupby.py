import itertools
class K:
    def __init__(s, v): s.v = v
    def __eq__(s, o):
        global depth
        if depth < 3:
            depth += 1
            try: next(g)
            except StopIteration: pass
            except Exception as e: print(type(e).__name__, e)
        return s.v == o.v
    def __repr__(s): return "K%d" % s.v
depth = 0
g = itertools.groupby([K(1), K(1), K(2), K(2), K(3), K(3), K(4)])
try:
    for k, grp in g:
        print(k, list(grp))
except Exception as e: print(type(e).__name__, e)
depth = 0
g = itertools.groupby([1, 1, 2, 2, 3, 3, 4, 4], key=lambda x: K(x))
try:
    for k, grp in g:
        print(k, list(grp))
except Exception as e: print(type(e).__name__, e)
import itertools
class K:
    def __init__(s, v): s.v = v
    def __eq__(s, o):
        global depth
        if depth < 5 and grp is not None:
            depth += 1
            try: print("inner", next(grp))
            except StopIteration: print("stop")
            except Exception as e: print(type(e).__name__, e)
        return s.v == o.v
grp = None
depth = 0
g = itertools.groupby([1, 1, 1, 2, 2, 3], key=K)
k, grp = next(g)
try: print(list(grp))
except Exception as e: print(type(e).__name__, e)
