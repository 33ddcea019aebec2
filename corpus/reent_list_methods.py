# list and tuple methods whose __eq__ / __index__ callbacks change the list
# they are working on (issue 23).
class E:
    def __eq__(s, o): L.clear(); return False
    __hash__ = object.__hash__

class T_:
    def __eq__(s, o): L.clear(); return True
    __hash__ = object.__hash__

L = [E() for _ in range(10)]
print(L.count(1), L)
L = [E() for _ in range(10)]
try:
    print(L.index(1))
except ValueError as e:
    print(e)
L = [E() for _ in range(10)]
try:
    L.remove(1)
except ValueError as e:
    print(e)
L = [E() for _ in range(10)]
print(1 in L, L)
L = [5, T_(), 6]
L.remove(7); print(L)
L = [5, 6, T_(), 7]
print(L.index(9), L)
L = [T_() for _ in range(5)]
print(L.count(1), L)

class Grow:
    def __eq__(s, o):
        if len(L) < 8:
            L.append(Grow())
        return False
    __hash__ = object.__hash__
L = [Grow()]
print(L.count(1), len(L))
L = [Grow()]
print(3 in L, len(L))

t = tuple(E() for _ in range(5))
L = []
print(t.count(1), 1 in t)
try:
    t.index(1)
except ValueError as e:
    print(e)

class J:
    def __init__(s, v): s.v = v
    def __index__(self):
        L.clear(); return self.v
L = list(range(10))
L.insert(J(5), 'x'); print(L)
L = list(range(10))
try:
    print(L.pop(J(5)))
except IndexError as e:
    print(e)
L = list(range(10))
try:
    print(L.index(3, J(0), J(5)))
except ValueError as e:
    print(e)
L = list(range(10))
print(L * J(2), L)
L = list(range(10))
L *= J(2); print(L)

class Add:
    def __index__(self):
        L.extend(range(5)); return 1
L = [9]
print(L.index(3, Add()))
L = list(range(3))
print(len(L * Add()))
