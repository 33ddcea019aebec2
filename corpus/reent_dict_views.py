# dict view operators and comparisons while a key's __eq__ clears both dicts
armed = False
class K:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if armed:
            a.clear(); b.clear()
        return s is o
    def __repr__(s): return "K%d" % s.n
def mk():
    global a, b, armed
    armed = False
    a = {K(0): 0, K(1): 1, 2: 2}; b = {K(3): 3, K(4): 4, 2: 2, 5: 5}
    armed = True
ops = {"&": lambda x, y: x & y, "|": lambda x, y: x | y, "-": lambda x, y: x - y, "^": lambda x, y: x ^ y,
       "==": lambda x, y: x == y, "!=": lambda x, y: x != y, "<": lambda x, y: x < y,
       "<=": lambda x, y: x <= y, ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}
forms = {"a.keys()": lambda: a.keys(), "b.keys()": lambda: b.keys(), "a.items()": lambda: a.items(),
         "b.items()": lambda: b.items(), "set(b)": lambda: set(b), "set(a)": lambda: set(a)}
for op in ops:
    for x, y in [("a.keys()", "b.keys()"), ("a.items()", "b.items()"), ("a.keys()", "set(b)"), ("set(a)", "b.keys()")]:
        mk()
        try:
            r = ops[op](forms[x](), forms[y]())
            print(op, x, y, sorted(map(repr, r)) if isinstance(r, set) else r, len(a), len(b))
        except RuntimeError as e:
            print(op, x, y, "RuntimeError", e)
for f in (lambda: a.keys().isdisjoint(b.keys()), lambda: a.items().isdisjoint(b.items()),
          lambda: a.keys().isdisjoint([K(7), 2]), lambda: a.items().isdisjoint([(K(7), 0), (2, 2)])):
    mk()
    try:
        print(f(), len(a), len(b))
    except RuntimeError as e:
        print("RuntimeError", e)
mk()
print((K(9), 0) in a.items(), len(a))
mk()
print(K(9) in a.keys(), len(a))

# plain behaviour of the same operations
d = {1: 2, 3: 4}; e = {1: 2, 5: 6}
print(d.keys() == {1, 3}, {1, 3} == d.keys(), d.keys() < {1, 3, 5}, {1} < d.keys(), d.items() == {(1, 2), (3, 4)})
print(d.keys() & e.keys(), d.keys() | e.keys(), d.keys() - e.keys(), d.keys() ^ e.keys())
print(sorted(d.items() & e.items()), sorted(d.items() | e.items()), sorted(d.items() - e.items()), sorted(d.items() ^ e.items()))
print([1, 7] | d.keys(), {1, 7} ^ d.keys(), d.keys() - [1])
print((1, 2) in d.items(), (1, 3) in d.items(), [1, 2] in d.items(), (1,) in d.items())
try:
    print(([], 1) in d.items())
except TypeError as ex:
    print("TypeError", ex)
print(d.keys().isdisjoint(e.keys()), d.keys().isdisjoint([7]), d.items().isdisjoint({(1, 2)}))
k = d.keys()
print(k.isdisjoint(k), {}.keys().isdisjoint({}.keys()))
print(d.keys() == d.keys(), d.items() != e.items(), d.keys() >= {1}, d.keys() > d.keys(), d.keys() == [1, 3])
