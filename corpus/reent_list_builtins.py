# Builtins and constructors that loop over a list while a callback (a
# generator, key, __add__, __bool__, __str__) changes it (issue 23).
L = [1, 2, 3]
def g():
    for i in range(3):
        L.clear(); yield i
L += g(); print(L)
L = [1, 2, 3]
L.extend(g()); print(L)
L = [1, 2, 3]
L.extend(x for x in L if len(L) < 10); print(L)

L = [1, 2, 3]
def g2():
    for i in range(5):
        L.append(i); L.clear(); yield i
print(list(g2()), tuple(g2()))
class X:
    def __iter__(s): return s
    def __next__(s):
        if len(L) > 20:
            raise StopIteration
        L.append(len(L)); return len(L)
L = list(X()); print(L)

class A:
    def __init__(s, v): s.v = v
    def __add__(s, o): L.clear(); return A(s.v + (o.v if isinstance(o, A) else o))
    def __radd__(s, o): L.clear(); return A(s.v + o)
L = [A(i) for i in range(10)]
print(sum(L).v)
L = [A(i) for i in range(10)]
print(sum(L, A(100)).v)
L = [1.5, 2, A(3), 4, 5.5]
print(sum(L).v)

L = list(range(10))
def f(x):
    L.clear(); return x
print(list(map(f, L)))
L = list(range(10))
print(list(filter(f, L)))
L = list(range(10))
print(list(zip(L, map(f, L))))
L = list(range(10))
print(list(enumerate(map(f, L))))
L = list(range(10))
r = reversed(L)
print(next(r)); L.clear(); print(list(r))
L = list(range(10))
print(any(f(x) for x in L), all(f(x) for x in L))
class B:
    def __bool__(s): L.clear(); return False
L = [B() for _ in range(10)]
print(any(L))
L = [B() for _ in range(10)]
print(all(L))

class S:
    def __str__(s): L.clear(); return "S"
L = [S() for _ in range(5)]
print(*L)
L = [S() for _ in range(5)]
print(*L, sep=",")
L = [S() for _ in range(5)]
print(" ".join(map(str, L)))
