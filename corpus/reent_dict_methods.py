# get / setdefault / pop / popitem / del / in with a key whose __hash__ and
# __eq__ report and mutate the dict: one hash and one lookup each, as CPython
class K:
    def __init__(s, n): s.n = n
    def __hash__(s):
        print("hash", s.n)
        return 1
    def __eq__(s, o):
        print("eq", s.n, getattr(o, "n", o))
        if armed:
            d.clear()
        return False
    def __repr__(s): return "K%d" % s.n
armed = False
def fresh(*ns):
    global d, armed
    armed = False
    d = {K(n): n for n in ns}
    armed = True
    print("--")
fresh(1); print(d.setdefault(K(2), 5), d)
fresh(1); print(d.get(K(3), 6), d)
fresh(1); print(d.pop(K(4), 7), d)
fresh(1)
try:
    d.pop(K(6))
except KeyError as e:
    print("KeyError", e)
fresh(1); print(K(7) in d, d)
fresh(1)
try:
    del d[K(8)]
except KeyError as e:
    print("KeyError", e)
fresh(1); d[K(9)] = 3; print(d)
fresh(1, 2, 3)
armed = False
print(d.popitem(), d.popitem(), d)
d[K(4)] = 4
print(d)

# pop on a subclass raises KeyError itself: no __missing__, no __getitem__
class M(dict):
    def __missing__(s, k): return 42
class G(dict):
    def __getitem__(s, k): return 43
for cls in (M, G):
    try:
        print(cls({1: 2}).pop(5))
    except KeyError as e:
        print(cls.__name__, "KeyError", e)
from collections import defaultdict
dd = defaultdict(int, {1: 2})
try:
    dd.pop(5)
except KeyError as e:
    print("defaultdict KeyError", e)
print(dd)
