# Slice and index operations on a list whose __index__ bounds or assigned
# iterable change the list while the operation runs (issue 23).
L = [1, 2, 3]
L[1:2] = (L.clear() for _ in range(3))
print(L)

L = [1, 2, 3]
class J:
    def __index__(self):
        L.clear(); return 1
try:
    print(L[J()])
except IndexError as e:
    print("IndexError", e)


class K:
    def __init__(s, v): s.v = v
    def __index__(self):
        L.clear(); return self.v

class G:
    def __init__(s, v): s.v = v
    def __index__(self):
        L.extend(range(100, 105)); return self.v

for make in (K, G):
    L = list(range(10)); del L[make(2):]; print(L)
    L = list(range(10)); del L[make(2):make(8)]; print(L)
    L = list(range(10)); del L[make(1)::make(2)]; print(L)
    L = list(range(10)); del L[make(-2)::make(-3)]; print(L)
    L = list(range(10)); L[make(2):make(5)] = [7, 7]; print(L)
    L = list(range(10))
    try:
        L[make(0)::make(2)] = [7, 7, 7, 7, 7]
    except ValueError as e:
        print(e)
    print(L)
    L = list(range(10)); print(L[make(2):make(5)], L)
    L = list(range(10)); print(L[make(2):make(8):make(2)])
    L = list(range(10)); print(L[make(-3):])
    L = list(range(10))
    try:
        del L[make(3)]
    except IndexError as e:
        print(e)
    print(L)
    L = list(range(10))
    try:
        L[make(3)] = 'x'
    except IndexError as e:
        print(e)
    print(L)
    L = list(range(10))
    try:
        print(L[make(-1)])
    except IndexError as e:
        print(e)

T = tuple(range(10))
print(T[K(2):K(5)], T[K(3)])

# the assigned iterable grows or shrinks the list
def grow():
    for i in range(3):
        L.append(i * 10)
        yield i
L = [1, 2, 3, 4]
L[1:3] = grow(); print(L)
L = [1, 2, 3, 4]
L[-1:] = grow(); print(L)
L = [1, 2, 3, 4]
L[:] = grow(); print(L)
L = [1, 2, 3, 4]
L[10:] = (L.pop() for _ in range(2)); print(L)
L = [1, 2, 3]
L[:] = L; print(L)
L[1:] = L; print(L)
L[::-1] = L; print(L)
