# The programs of issue 23, each of which crashed the interpreter (exit 139):
# they must print what CPython prints.
from collections import ChainMap

L = [1, 2, 3]
L[1:2] = (L.clear() for _ in range(3))          # slice bounds computed before the iterable runs
print(L)

L = [1, 2, 3]
class J:
    def __index__(self):
        L.clear(); return 1
try:
    print(L[J()])                                # length and items read before __index__
except IndexError as e:
    print("IndexError:", e)

class A:
    def __repr__(s): L.clear(); return "A"
L = [A() for _ in range(10)]; print(L)           # repr loops over a saved items pointer

class K:
    def __hash__(s): return 1
    def __eq__(s, o): a.clear(); b.clear(); return True
    def __repr__(s): return "K"
errors = 0
for i in range(2000):
    a = {K(): [i]}; b = {K(): [i], 2: [i]}
    try:
        a.update(b)                              # refcount underflow, then a crash
    except RuntimeError as e:
        errors += 1
        last = str(e)
print(a, b, errors, last if errors else None)

# list.count and list ordering with an __eq__ that empties the list
class E:
    def __eq__(s, o): M.clear(); return False
M = [E(), E(), 1]
print(M.count(5), M)
M = [E(), E()]
print(M < [1, 2], M)

# a ChainMap that contains itself: RecursionError, not a C stack overflow
c = ChainMap({})
c.maps.append(c)
try:
    c[1]
except RecursionError as e:
    print("RecursionError:", e)
c.maps.pop()

# __del__ runs when the last reference goes
class D:
    def __del__(self): print("del", type(self).__name__)
d = D()
del d
print("after")
