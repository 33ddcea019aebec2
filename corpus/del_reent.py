# __del__ of objects a builtin drops while it changes a container runs
# after the builtin is done, never in the middle of it
L = []
class Clear:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("del", self.n, "sees", len(L))
        L.clear()
        L.extend(range(3))

L = [Clear(10), Clear(11)]
L.pop()
print("after pop", L)
L = [0, Clear(20), 2]
L.remove(L[1])
print("after remove", L)
L = [0, Clear(21), 2]
L[1] = "x"
print("after store", L)
L = [0, Clear(22), 2]
del L[1]
print("after del item", L)
L = [Clear(23)]
L.insert(0, L.pop())
print("after pop and insert", len(L))
L = [0, 1]

d = {}
class DictMut:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("dict del", self.n, sorted(d))
        d.clear()
        d["new"] = self.n

d = {"x": DictMut(3), "y": 0}
d.pop("x")
print("after pop", sorted(d.items()))
d = {"x": DictMut(4), "y": 0}
del d["x"]
print("after del", sorted(d.items()))
d = {"x": DictMut(5), "y": 0}
d["x"] = 1
print("after store", sorted(d.items()))
d = {"x": DictMut(6), "y": 0}
d.setdefault("z", 2)
d.update(x=7)
print("after update", sorted(d.items()))

s = set()
class SetMut:
    def __init__(self, n):
        self.n = n
    def __hash__(self):
        return self.n
    def __eq__(self, other):
        return isinstance(other, SetMut) and other.n == self.n
    def __del__(self):
        print("set del", self.n, len(s))
        s.clear()
        s.add(0)

s = {SetMut(1), 5, 6}
s.discard(SetMut(1))
print("after discard", sorted(s))

class Key:
    def __init__(self, v):
        self.v = v
    def __del__(self):
        data.append(-1)

data = [3, 1, 2]
print("sorted", sorted(data, key=lambda v: Key(v).v))
print(len(data))
print("sum", sum(Key(i).v for i in range(4)))
print(len(data))
print("list", [Key(i).v for i in range(3)])
print(len(data))
