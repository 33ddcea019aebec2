# list.sort, sorted, min and max with keys and comparisons that change the
# list being sorted (issue 23): CPython's "list modified during sort".
L = list(range(20))
def k(x):
    L.append(1); return x
try:
    L.sort(key=k)
except ValueError as e:
    print(e)
print(len(L))

class A:
    def __init__(s, v): s.v = v
    def __lt__(s, o): L.clear(); return s.v < o.v
    def __gt__(s, o): L.clear(); return s.v > o.v
    def __repr__(s): return "A%d" % s.v
L = [A(i) for i in range(20, 0, -1)]
try:
    L.sort()
except ValueError as e:
    print(e)
print(L)
L = [A(i) for i in range(20, 0, -1)]
print(sorted(L)[:3], len(L))
def k2(x):
    L.clear(); return x.v
L = [A(i) for i in range(20, 0, -1)]
try:
    L.sort(key=k2)
except ValueError as e:
    print(e)
print(L[:2])
L = [A(i) for i in range(20, 0, -1)]
print(sorted(L, key=k2)[:2])
L = [A(i) for i in range(20)]
print(min(L))
L = [A(i) for i in range(20)]
print(max(L))
def k3(x):
    L.clear(); return x.v
L = [A(i) for i in range(20)]
print(min(L, key=k3))
L = [A(i) for i in range(20)]
print(max(L, key=k3))

class P:
    def __init__(s, v): s.v = v
    def __lt__(s, o):
        L.append(1); L.pop(); return s.v < o.v
L = [P(3), P(2), P(1)]
try:
    L.sort()
except ValueError as e:
    print(e)
print([a.v for a in L])

class Q:
    def __init__(s, v): s.v = v
    def __lt__(s, o):
        L[:] = []; return s.v < o.v
L = [Q(3), Q(2), Q(1)]
L.sort(); print([a.v for a in L])

class R:
    def __init__(s, v): s.v = v
    def __lt__(s, o):
        L.sort(); L.reverse(); len(L); L[:0]; return s.v < o.v
L = [R(3), R(2), R(1)]
L.sort(); print([a.v for a in L])

class S:
    def __init__(s, v): s.v = v
    def __lt__(s, o):
        L.extend([S(0)]); return s.v < o.v
L = [S(3), S(2), S(1)]
try:
    L.sort(reverse=True)
except ValueError as e:
    print(e)
print([a.v for a in L])
