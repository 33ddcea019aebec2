# Subclasses of collections.deque: __init__ through super() with maxlen, an
# overridden append that the C methods never call, extra attributes, the
# subclass's repr, copy()/__copy__/+/* through type(d)(d, maxlen), comparisons,
# iteration, reversed() and an __iter__ override (repr and == use it).
from collections import deque, OrderedDict, Counter, defaultdict
def tryp(label, f):
    try: print(label, f())
    except Exception as e: print(label, type(e).__name__, e)

class Hist(deque):
    def __init__(self, items=(), maxlen=3):
        super().__init__(items, maxlen)
        self.pushes = 0
    def append(self, x):
        self.pushes += 1
        super().append(x)
h = Hist([1, 2])
h.append(3); h.append(4)
print(h, h.pushes, h.maxlen, len(h), list(h), h[0], h[-1])
h.extend([5])  # no override call
print(h, h.pushes)
print(h == deque([3, 4, 5]), h != deque([3,4,5]), deque([3, 4, 5]) == h, h < deque([9]))
c = h.copy(); print(type(c).__name__, c, c.pushes, c.maxlen)
print(type(h.__copy__()).__name__)
tryp("add", lambda: h + deque([7]))
tryp("addtype", lambda: type(h + deque([7])).__name__)
tryp("mul", lambda: (h * 2, type(h * 2).__name__))
tryp("rmul", lambda: 2 * h)
h2 = Hist([1]); h2 += [8, 9]; print(h2, type(h2).__name__)
h2 *= 2; print(h2, type(h2).__name__)
class Plain(deque): pass
p = Plain([1, 2, 3], 5)
print(p, repr(Plain()), p.maxlen, Plain(maxlen=2), Plain("ab"))
print(isinstance(p, deque), issubclass(Plain, deque))
p.x = 1; print(p.x, vars(p))  # safepy: ignore[SP311]
print(p.copy(), p + p, p * 0, list(reversed(p)), 2 in p, p.index(2), p.count(1))
p.rotate(1); print(p, p.pop(), p.popleft())
class NoArgs(deque):
    def __init__(self):
        super().__init__([0])
n = NoArgs(); print(n)
tryp("copy-noargs", lambda: n.copy())
class Cust(deque):
    def __repr__(self): return "Cust!"
print(Cust([1]), str(Cust([1])), [Cust()])
class Nested(Plain): pass
print(Nested([1]), Nested([1], 1) + deque([2]))
class NoneMax(deque):
    def __init__(self, it=()):
        super().__init__(it)
print(NoneMax([1,2]).copy(), NoneMax([1]) * 2)
class Stack(deque):
    def push(self, x): self.append(x)
    def peek(self): return self[-1]
s = Stack(); s.push(1); s.push(2); print(s.peek(), s, len(s), bool(s), bool(Stack()))
for x in Plain([4,5]): print(x, end=" ")
print()
print(sorted(Plain([3,1,2])), max(Plain([3,1])), sum(Plain([1,2])))
class Rev(deque):
    def __iter__(self): return iter(["own"])
print(list(Rev([1,2])), list(reversed(Rev([1, 2]))), Rev([1,2]))
print(Plain([1]) == [1], Plain([[1]]))
d = Plain(); d.append(d); print(d)  # a deque holding itself
class KW(deque):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
print(KW(iterable=[1], maxlen=4), KW([1,2], maxlen=1))
tryp("bad maxlen", lambda: KW([1], maxlen=-1))
tryp("bad kw", lambda: KW([1], foo=1))
print(deque.__name__, Plain.__name__, Plain.__qualname__, Plain.__module__)
