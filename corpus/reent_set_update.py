armed = False
class K:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if not armed: return s is o
        a.clear(); b.clear()
        return False
for i in range(50):
    armed = False; a = {K(0)}; b = {K(1), K(2), 3}; armed = True
    try:
        a.update(b)
    except RuntimeError as e:
        if i == 0: print("RE", e)
print(len(a), len(b))
for i in range(50):
    armed = False; a = {K(0)}; b = {K(1): 1, K(2): 2, 3: 3}; armed = True
    try:
        a.update(b)
    except RuntimeError as e:
        if i == 0: print("RE", e)
print(len(a), len(b))
for i in range(50):
    armed = False; a = {K(0)}; b = [K(1), K(2), 3]; armed = True
    a.update(b)
print(len(a), len(b))

# the key being added is only borrowed from the other set, which __eq__ clears
class F:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if armed:
            src.clear()
        return False
for i in range(100):
    armed = False
    dst = {F(0)}
    src = {F(1), F(2), F(3)}
    armed = True
    dst |= src
print(len(dst), len(src))
for form in ("union", "intersection", "difference", "symmetric_difference", "issubset", "issuperset", "isdisjoint"):
    armed = False
    dst = {F(0), F(9)}
    src = {F(1), F(2), F(3)}
    armed = True
    r = getattr(dst, form)(src)  # safepy: ignore[SP305]
    print(form, len(r) if isinstance(r, set) else r, len(dst), len(src))
    armed = False
    dst = {F(0), F(9)}
    src = {F(1), F(2), F(3)}
    armed = True
    r = getattr(src, form)(dst)  # safepy: ignore[SP305]
    print(form, "rev", len(r) if isinstance(r, set) else r, len(dst), len(src))
