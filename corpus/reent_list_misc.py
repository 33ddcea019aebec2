# More re-entrancy around lists and the builtins that loop (issue 23):
# extend from list subclasses, iter(callable, sentinel) called inside
# itself, dir() of an object whose __dict__ key replaces the dict, tuple
# hashes of items whose __hash__ changes, operations whose callbacks drop
# the last other reference to the list.
class ML(list):
    def __iter__(s): return iter([9])
L = []; L.extend(ML([1, 2])); print(L)
L = []; L += ML([1, 2]); print(L)
L = [0, 0]; L[0:1] = ML([1, 2]); print(L)
print(list(ML([1])), tuple(ML([1])), sorted(ML([1])))
class MT(tuple):
    def __iter__(s): return iter([9])
L = []; L.extend(MT([1, 2])); print(L)
class Plain(list):
    pass
P = Plain([1, 2]); P.extend(P); print(P)
P += P; print(P, type(P).__name__)

class A:
    n = 0
    def __hash__(s):
        A.n += 1; return A.n
t = (A(),)
print(hash(t) == hash(t))
t = ((A(),), 1)
print(hash(t) == hash(t))
t = (1, "a", (2.5, None))
print(hash(t) == hash(t))

def mk():
    state = [0]
    def f():
        state[0] += 1
        if state[0] == 1:
            return next(it)
        return 0
    return f
it = iter(mk(), 0)
print(list(it))
class S:
    def __eq__(s, o):
        print("S.eq", type(o).__name__); return False
class R:
    def __eq__(s, o):
        print("R.eq", type(o).__name__); return True
it = iter(lambda: R(), S())
print(next(it) is not None)

class O: pass
o = O()
class K:
    def __hash__(s):
        o.__dict__ = {"zz": 1}
        return 1
    def __eq__(s, x): return s is x
o.__dict__[K()] = 1  # safepy: ignore[SP310]
o.a = 2
print([x for x in dir(o) if isinstance(x, str) and not x.startswith("__")])  # safepy: ignore[SP306]
# callbacks that drop the last other reference to the list being worked on
class A:
    def __init__(s, v): s.v = v
    def __lt__(s, o):
        global L
        L = None
        return s.v < o.v
    def __eq__(s, o):
        global L
        L = None
        return False
    __hash__ = object.__hash__
L = [A(3), A(2), A(1)]
L.sort(); print(L)
L = [A(3), A(2), A(1)]
print(L.count(1), L)
L = [A(3), A(2), A(1)]
print(1 in L, L)
L = [A(3), A(2), A(1)]
try: L.remove(1)
except ValueError as e: print(e)
L = [A(3), A(2), A(1)]
try: L.index(1)
except ValueError as e: print(e)
L = [A(3), A(2), A(1)]
print(L == [1, 2, 3], L)
L = [A(3), A(2), A(1)]
print([1, 2, 3] == L, L)
L = [A(3), A(2), A(1)]
print(L < [A(4), A(5)], L)
def k(x):
    global L
    L = None
    return x.v
L = [A(3), A(2), A(1)]
L.sort(key=k); print(L)
L = (A(3), A(2), A(1))
print(L.count(1), L)
class J:
    def __index__(s):
        global L
        L = None
        return 1
L = [1, 2, 3]
print(L[J()])
L = [1, 2, 3]
L[J()] = 5; print(L)
L = [1, 2, 3]
del L[J()]; print(L)
L = [1, 2, 3]
L[J():] = [7]; print(L)
L = [1, 2, 3]
print(L[J():])
L = [1, 2, 3]
L.insert(J(), 0); print(L)
L = [1, 2, 3]
print(L.pop(J()), L)
def gen():
    global L
    L = None
    yield 1
L = [1, 2, 3]
L[1:] = gen(); print(L)
L = [1, 2, 3]
L.extend(gen()); print(L)
L = [1, 2, 3]
L += gen(); print(L)
class R:
    def __repr__(s):
        global L
        L = None
        return "R"
L = [R(), R()]
print(L)
