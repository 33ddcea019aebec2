# sum() and math.prod() over an exact list or tuple read the items in place: an
# __radd__ that clears or grows the list is seen at the next step, as CPython's
# list iterator sees it; a list subclass keeps its own __iter__.
L = [1, 2, 3]
class A:
    def __radd__(self, o):
        L.clear(); L.extend([10, 20]); return o + 100
L.append(A())
print(sum(L), L)
L = [1, 2]
class B:
    def __radd__(self, o):
        L.append(5); return o
L.append(B())
print(sum(L))
print(sum((1.5, 2, 3)), sum([], 7), sum([[1], [2]], []))
T = (1, 2, 10**30, 4.5)
print(sum(T))
class M(list):
    def __iter__(self): return iter([100])
print(sum(M([1, 2])))
import math
print(math.prod([1, 2, 3, 4]), math.prod((2, 3.5)))
