# list and tuple comparisons whose item __eq__ / __lt__ change the lists
# being compared (issue 23), and nested comparisons past the depth limit.
class E:
    def __eq__(s, o): L.clear(); M.clear(); return False
    def __lt__(s, o): L.clear(); M.clear(); return True
    __hash__ = object.__hash__

OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
       "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}

def fresh(cls):
    global L, M
    L = [cls() for _ in range(10)]
    M = [cls() for _ in range(10)]

for op in ("==", "!=", "<", "<=", ">", ">="):
    fresh(E)
    print(op, OPS[op](L, M), L, M)

class G:
    def __eq__(s, o): L.clear(); M.clear(); return True
    __hash__ = object.__hash__
for op in ("==", "!=", "<", "<=", ">", ">="):
    fresh(G)
    print(op, OPS[op](L, M))

class H:
    def __eq__(s, o):
        global T
        T = None
        return True
    __hash__ = object.__hash__
T = (H(), H(), [1])
U = (H(), H(), [1])
print(T == U)

class Shrink:
    def __init__(s, v): s.v = v
    def __eq__(s, o):
        del L[1:]
        return s.v == o.v
    def __lt__(s, o): return s.v < o.v
    __hash__ = object.__hash__
L = [Shrink(1), Shrink(2), Shrink(3)]
M = [Shrink(1), Shrink(5), Shrink(3)]
print(L < M, len(L))
L = [Shrink(1), Shrink(2), Shrink(3)]
print(L == M, len(L))

a = []; b = []
for i in range(5000):
    a = [a]; b = [b]
try:
    print(a == b)
except RecursionError as e:
    print("RecursionError", e)
try:
    print(a < b)
except RecursionError as e:
    print("RecursionError", e)
t = (); u = ()
for i in range(5000):
    t = (t,); u = (u,)
try:
    print(t == u)
except RecursionError as e:
    print("RecursionError", e)
try:
    print([t].count(u))
except RecursionError as e:
    print("RecursionError", e)
