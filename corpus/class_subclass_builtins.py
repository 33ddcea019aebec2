class Stack(list):
    def push(self, x):
        self.append(x)
    def peek(self):
        return self[-1]
s = Stack()
s.push(1); s.push(2); s.extend([3, 4])
print(s, len(s), s.peek(), s.pop(), s, type(s).__name__, isinstance(s, list), s == [1, 2, 3])
print(sorted(s, reverse=True), s + [9], type(s + [9]).__name__, 2 in s, list(reversed(s)))

class Registry(dict):
    def __init__(self, name):
        super().__init__()
        self.name = name
    def register(self, key):
        def deco(fn):
            self[key] = fn
            return fn
        return deco
    def __missing__(self, key):
        return f"<no {key}>"

reg = Registry("handlers")
@reg.register("greet")
def greet(n):
    return "hi " + n
print(reg.name, reg["greet"]("bob"), list(reg), len(reg), "greet" in reg, reg.get("x", 0))

class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
    @property
    def y(self):
        return self[1]
    def __repr__(self):
        return f"Point(x={self.x}, y={self.y})"
p = Point(3, 4)
print(p, p.x, p.y, p[0], len(p), p == (3, 4), hash(p) == hash((3, 4)), {p: 1}[(3, 4)])
a, b = p
print(a, b)

class Name(str):
    def shout(self):
        return self.upper() + "!"
n = Name("alice")
print(n, n.shout(), n + "x", len(n), n == "alice", repr(n), n.title(), isinstance(n, str), {n: 1}["alice"])

class Tags(set):
    pass
t = Tags([3, 1, 2])
t.add(5)
print(sorted(t), len(t), 5 in t, type(t).__name__)

class MyError(ValueError):
    pass
try:
    raise MyError("x")
except ValueError as e:
    print(type(e).__name__, e)
class Counts(dict):
    def add(self, k):
        self[k] = self.get(k, 0) + 1
c = Counts(a=1)
c.add("a"); c.add("b")
print(c, c["a"])
