# dict.update / dict() / copy / fromkeys / | while a key's __eq__ clears or
# grows the dicts in use (issue 23: the update crasher)
class K:
    def __hash__(s): return 1
    def __eq__(s, o): a.clear(); b.clear(); return True
errors = 0
for i in range(2000):
    a = {K(): [i]}; b = {K(): [i], 2: [i]}
    try:
        a.update(b)
    except RuntimeError as e:
        errors += 1
        msg = str(e)
print(errors, msg, len(a), len(b))

n = 0
class G:
    def __hash__(s): return 1
    def __eq__(s, o):
        global n
        n += 1
        if n < 50:
            for j in range(20):
                b[j + 100] = j
        return False
a = {G(): 1}; b = {G(): 2, 3: 4}
try:
    a.update(b)
except RuntimeError as e:
    print("RuntimeError", e)
print(len(a), len(b))

# a value replaced (not the entries) is no mutation
class V:
    def __hash__(s): return 1
    def __eq__(s, o):
        b[3] = "changed"
        return False
a = {V(): 1}; b = {V(): 2, 3: 4}
a.update(b)
print(len(a), a[3])

# the stored hashes are reused: __hash__ runs once per key, at insertion
class H:
    def __init__(s, n): s.n = n
    def __hash__(s):
        print("hash", s.n)
        return s.n
    def __eq__(s, o):
        print("eq", s.n, getattr(o, "n", o))
        return s is o
    def __repr__(s): return "H%d" % s.n
src = {H(1): 1, H(2): 2}
print("update")
dst = {H(9): 0}
dst.update(src)
print("copy")
c = src.copy()
print("dict()")
c = dict(src)
print("fromkeys")
print(dict.fromkeys(src, 0))
print(dict.fromkeys({H(3), H(4)}))
print("update self")
src.update(src)
print(sorted(dst.values()), len(c))
print("| and {**}")
x = {H(5): 5}
print(x | src, {**src, **x})
x |= src
print(len(x))

# the display copies the first dict before the second one's keys compare
armed = False
class C:
    def __init__(s, v): s.v = v
    def __hash__(s): return s.v % 3
    def __eq__(s, o):
        if armed:
            p.clear()
        return isinstance(o, C) and s.v == o.v
    def __repr__(s): return "C%d" % s.v
p = {C(i): i for i in range(5)}
q = {C(i): i for i in (1, 3, 5, 6)}
armed = True
print(sorted(map(repr, {**p, **q})), len(p))
armed = False
p = {C(i): i for i in range(5)}
armed = True
try:
    print(sorted(map(repr, q | p)))
except RuntimeError as e:
    print("RuntimeError", e)
print(len(p))
