# __del__ runs when the last reference goes: in CPython's order
class D:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("del", self.n)

x = D(1)
del x
print("after del")
x = D(2)
x = D(3)
print("after rebinding")
x = None
print("after None")

def f(a):
    print("in f", a.n)
    return a.n

f(D(4))
print("after call")
print(f(D(5)) + 1)

def g():
    a = D(6)
    b = D(7)
    print("g body")
    return "g result"

print(g())
L = [D(8), D(9), D(10)]
del L
print("list gone")
t = (D(11), D(12))
t = None
print("tuple gone")
d = {"a": D(13), "b": D(14)}
d.clear()
print("dict cleared")
d = {"a": D(15), "b": D(16)}
d = 0
print("dict gone")

class Holder:
    pass

h = Holder()
h.first = D(17)
h.second = D(18)
del h
print("holder gone")

class Node(D):
    def __init__(self, n, child):
        super().__init__(n)
        self.child = child
    def __del__(self):
        print("node del", self.n, "child", self.child.n)

n = Node(19, Node(20, D(21)))
n = None
print("tree gone")

for i in range(3):
    item = D(100 + i)
    print("loop", i)
print("loop done")
del item

s = {1: D(22)}
s.pop(1)
print("popped")
L = [D(23), D(24)]
L.pop()
print("popped from list")
L[0] = None
print("replaced")
L = [D(25), D(26), D(27)]
del L[1]
print("item deleted")
del L

class Counter:
    count = 0
    def __del__(self):
        Counter.count += 1

for i in range(100):
    Counter()
print("finalized", Counter.count)

def make():
    return D(28)

make()
print("temporary dropped")
v = make().n
print("attribute of temporary", v)

def raiser():
    local = D(29)
    raise ValueError("x")

try:
    raiser()
except ValueError:
    print("caught")
    print("still handling")
print("after try")

try:
    raiser()
except ValueError as e:
    print("caught as e")
print("after try as e")

class WithDelAttr:
    def __init__(self):
        self.name = "w"
    def __del__(self):
        print("del", self.name, hasattr(self, "name"))

w = WithDelAttr()
w = 1
print("end")
