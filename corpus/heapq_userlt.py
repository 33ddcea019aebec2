# user classes with __lt__ (and __eq__): the comparisons CPython makes, in order
import heapq

log = []

class V:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        log.append(f"{self.v}<{other.v}")
        return self.v < other.v
    def __eq__(self, other):
        log.append(f"{self.v}=={other.v}")
        return self.v == other.v
    __hash__ = None
    def __repr__(self):
        return f"V({self.v})"

def show(label):
    print(label, " ".join(log))
    log.clear()

h = []
for x in [5, 3, 8, 1, 9, 2, 7]:
    heapq.heappush(h, V(x))
show("push")
print(h)
print(heapq.heappop(h))
show("pop")
print(heapq.heapreplace(h, V(4)))
show("replace")
print(heapq.heappushpop(h, V(0)), heapq.heappushpop(h, V(6)))
show("pushpop")
h2 = [V(x) for x in [9, 8, 7, 6, 5, 4, 3, 2, 1]]
heapq.heapify(h2)
show("heapify")
heapq._heapify_max(h2)  # safepy: ignore[SP303]
show("heapify_max")
print(heapq._heappop_max(h2), heapq._heapreplace_max(h2, V(10)))  # safepy: ignore[SP303]
show("max")

# nlargest / nsmallest: decorated tuples compare the values with == first
vals = [V(x) for x in [4, 1, 4, 3, 9, 0, 3, 7]]
print(heapq.nsmallest(3, iter(vals)))
show("nsmallest")
print(heapq.nlargest(3, iter(vals)))
show("nlargest")
print(heapq.nsmallest(1, vals), heapq.nlargest(1, vals))
show("n==1")
print(heapq.nsmallest(10, vals))
show("n>=len")
print(heapq.nlargest(2, vals, key=lambda o: o))
show("keyed")

# merge compares [value, order, next] lists: == on the values first
a = [V(1), V(3), V(3)]
b = [V(2), V(3), V(4)]
print(list(heapq.merge(a, b)))
show("merge")
print(list(heapq.merge(a[::-1], b[::-1], reverse=True)))
show("merge reverse")

# only __gt__: the heap's < falls back to the reflected __gt__
class G:
    def __init__(self, v):
        self.v = v
    def __gt__(self, other):
        log.append(f"{self.v}>{other.v}")
        return self.v > other.v
    def __repr__(self):
        return f"G({self.v})"
g = [G(3), G(1), G(2)]
heapq.heapify(g)
show("gt")
print(g)

# __lt__ returning non-bools: truth is taken
class T:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        return [1] if self.v < other.v else []
    def __repr__(self):
        return f"T({self.v})"
t = [T(5), T(2), T(9), T(1)]
heapq.heapify(t)
print(t)

# large heap: the cache-friendly heapify order (more than 2,500 items)
count = 0
class C:
    __slots__ = ("v",)
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        global count
        count += 1
        return self.v < other.v
big = [C((i * 7919) % 3001) for i in range(3001)]
heapq.heapify(big)
print(count, [big[i].v for i in range(12)])
seq = []
for i in range(40):
    seq.append(heapq.heappop(big).v)
print(count, seq)
