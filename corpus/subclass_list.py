# Subclassing list: overriding append, adding methods, what slicing and
# concatenation return, and len/iteration/repr inherited.
class TypedList(list):
    def __init__(self, kind, items=()):
        self.kind = kind
        super().__init__()
        for x in items:
            self.append(x)
    def append(self, x):
        if not isinstance(x, self.kind):
            raise TypeError(f"expected {self.kind.__name__}, got {type(x).__name__}")
        super().append(x)
    def total(self):
        return sum(self)

t = TypedList(int, [3, 1, 2])
t.append(10)
print(t, len(t), t.total(), t[0], t[-1], isinstance(t, list))
try:
    t.append("x")
except TypeError as e:
    print("TypeError:", e)
t.extend(["not checked"])
print(t)
t.sort(key=str)
print(t, type(t).__name__)
print(type(t[1:3]).__name__, type(t + [1]).__name__, type(t * 2).__name__)
print(t == [1, 10, 2, 3, "not checked"], sorted(x for x in t if isinstance(x, int)))
t.pop()
print(list(reversed(t)), t.index(2), 10 in t, t.count(3))

class Stack(list):
    def push(self, x):
        self.append(x)
        return self
    def peek(self):
        return self[-1] if self else None

s = Stack()
s.push(1).push(2).push(3)
print(s, s.peek(), s.pop(), s, bool(Stack()), Stack().peek())
print(Stack([5, 6]) + [7], Stack("ab"))
