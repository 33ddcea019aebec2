armed = False
class K:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if not armed: return s is o
        a.clear(); b.clear()
        return False
def mk():
    global a, b, armed
    armed = False; a = {K(0), K(1), 2}; b = {K(3), K(4), 2, 5}; armed = True
for name in ["__and__", "__or__", "__sub__", "__xor__", "__le__", "__ge__", "__lt__", "__gt__", "__eq__", "__ne__",
             "intersection", "union", "difference", "symmetric_difference", "issubset", "issuperset", "isdisjoint",
             "intersection_update", "difference_update", "symmetric_difference_update", "update",
             "__iand__", "__ior__", "__isub__", "__ixor__"]:
    for rev in (False, True):
        mk()
        x, y = (b, a) if rev else (a, b)
        try:
            r = getattr(x, name)(y)  # safepy: ignore[SP305]
            print(name, rev, type(r).__name__, len(r) if isinstance(r, (set, frozenset)) else r)
        except RuntimeError as e:
            print(name, rev, "RE", e)
        mk()
        x, y = (b, a) if rev else (a, b)
        try:
            r = getattr(x, name)(list(y)) if not name.startswith("__") else None  # safepy: ignore[SP305]
            print(name, rev, "list", type(r).__name__, len(r) if isinstance(r, (set, frozenset)) else r)
        except RuntimeError as e:
            print(name, rev, "RE", e)
