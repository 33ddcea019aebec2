# repr of lists and tuples whose items' __repr__ change the list (issue 23).
class A:
    def __repr__(s): L.clear(); return "A"
L = [A() for _ in range(10)]; print(L)
L = [A() for _ in range(10)]; print(repr(L), str(L))
L = [A() for _ in range(3)]; print(f"{L}")
L = [A() for _ in range(3)]; print((L, L))

class B:
    def __repr__(s):
        if len(L) < 6:
            L.append(B())
        return "B"
L = [B()]; print(L)

class C:
    def __repr__(s):
        global T
        T = None
        return "C"
T = (C(), C(), C()); print(T)
T = (C(),); print(T)

class D:
    def __repr__(s):
        L[:] = [1, 2]
        return "D"
L = [D(), D(), D(), D()]; print(L)

a = []
for i in range(5000):
    a = [a]
try:
    print(len(repr(a)))
except RecursionError as e:
    print("RecursionError", e)
t = ()
for i in range(5000):
    t = (t,)
try:
    print(len(repr(t)))
except RecursionError as e:
    print("RecursionError", e)
