# discard / remove / in / add / issubset / issuperset with a key whose
# __eq__ reports and clears the set; iteration while a lookup grows it
armed = False
class K:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if not armed:
            return s is o
        print("eq", s.n, getattr(o, "n", o))
        a.clear()
        return False
def fresh():
    global a, armed
    armed = False
    a = {K(0), K(1)}
    armed = True
fresh(); a.discard(K(2)); print(len(a))
fresh()
try:
    a.remove(K(3))
except KeyError:
    print("KeyError")
print(len(a))
fresh(); print(K(4) in a, len(a))
fresh(); a.add(K(5)); print(len(a))
armed = False
print(frozenset([K(6)]) in {frozenset([K(7)])})

class H:
    def __init__(s, n): s.n = n
    def __hash__(s):
        print("hash", s.n)
        return 1
    def __eq__(s, o):
        print("eq", s.n, getattr(o, "n", o))
        return s.n == getattr(o, "n", o)
b = {H(1), H(2)}
print("--")
print(b.issubset([H(2), H(1), H(3)]))
print("--")
print(b.issuperset([H(2)]))
print("--")
print(b.isdisjoint([H(5)]))
print("--")
print(b == {H(1), H(2)})
for f in (lambda: {frozenset()}.isdisjoint([set()]), lambda: {frozenset()}.issuperset([set()])):
    try:
        print(f())
    except TypeError as e:
        print("TypeError", e)
print(set() in {frozenset()}, {frozenset()}.discard(set()))

class G:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if armed:
            c.add(s.n + 100)
        return False
armed = False
c = {G(0), G(1), 2}
armed = True
try:
    for x in c:
        G(9) in c
except RuntimeError as e:
    print("RuntimeError", e)
print(len(c))
