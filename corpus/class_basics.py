class Animal:
    count = 0
    def __init__(self, name):
        self.name = name
        Animal.count += 1
    def speak(self):
        return "..."
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"

class Dog(Animal):
    def speak(self):
        return "Woof"
    def describe(self):
        return super().speak() + " " + self.speak()

d = Dog("rex")
print(d, d.name, d.speak(), d.describe(), Animal.count)
print(isinstance(d, Animal), isinstance(d, Dog), type(d).__name__, d.__class__.__name__)

class P:
    def __init__(self, x):
        self._x = x
    @property
    def x(self):
        return self._x
    @x.setter
    def x(self, v):
        if v < 0:
            raise ValueError("negative")
        self._x = v
    @staticmethod
    def s(a, b):
        return a + b
    @classmethod
    def make(cls, v):
        return cls(v)

p = P.make(3)
p.x = 10
print(p.x, P.s(1, 2), p.s(3, 4))
try:
    p.x = -1
except ValueError as e:
    print("err", e)

class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)
    def __eq__(self, o):
        return isinstance(o, V) and (self.x, self.y) == (o.x, o.y)
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __repr__(self):
        return f"V({self.x}, {self.y})"
    def __len__(self):
        return 2
    def __iter__(self):
        yield self.x
        yield self.y
    def __getitem__(self, i):
        return (self.x, self.y)[i]
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    __rmul__ = __mul__

a, b = V(1, 2), V(3, 4)
print(a + b, a == V(1, 2), a != b, a < b, sorted([b, a]), len(a), list(a), a[1], 3 * a, a * 2)
x, y = a
print(x, y, bool(a))

class MyError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code

try:
    raise MyError("bad thing", 42)
except MyError as e:
    print("caught", e, e.code, e.args, repr(e))
try:
    raise MyError("x", 1)
except Exception as e:
    print(type(e).__name__, isinstance(e, MyError))

class Stack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)
        return self
    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()
    def __bool__(self):
        return bool(self.items)
    def __contains__(self, x):
        return x in self.items
s = Stack().push(1).push(2)
print(s.pop(), bool(s), 1 in s, 5 in s)
print(hasattr(s, "items"), getattr(s, "nope", "dflt"))
