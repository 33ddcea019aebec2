# a __lt__ that changes the heap under the sift: CPython's RuntimeError, never a crash
import heapq

heap = []

class Evil:
    def __init__(self, v, act=None):
        self.v = v
        self.act = act
    def __lt__(self, other):
        if self.act == "clear":
            heap.clear()
        elif self.act == "grow":
            heap.append(Evil(-1))
        elif self.act == "swap":
            # same size, other items
            for i in range(len(heap)):
                heap[i] = Evil(100 + i)
        elif self.act == "pop":
            if heap:
                heap.pop()
        return self.v < other.v
    def __repr__(self):
        return f"E{self.v}"

def attempt(label, f, *a):
    try:
        print(label, "->", f(*a))
    except Exception as e:
        print(label, type(e).__name__, e)
    print("   heap", heap)

for act in ["clear", "grow", "swap", "pop"]:
    heap[:] = [Evil(v) for v in [1, 3, 5, 7, 9, 11]]
    attempt("push " + act, heapq.heappush, heap, Evil(0, act))
    heap[:] = [Evil(v) for v in [1, 3, 5, 7, 9, 11]]
    heap[-1].act = act
    attempt("pop " + act, heapq.heappop, heap)
    heap[:] = [Evil(v, act) for v in [9, 3, 5, 1, 7]]
    attempt("heapify " + act, heapq.heapify, heap)
    heap[:] = [Evil(v) for v in [1, 3, 5, 7, 9, 11]]
    attempt("replace " + act, heapq.heapreplace, heap, Evil(8, act))
    heap[:] = [Evil(v) for v in [1, 3, 5]]
    attempt("pushpop " + act, heapq.heappushpop, heap, Evil(8, act))
    heap[:] = [Evil(v, act) for v in [1, 9, 3, 7, 5]]
    attempt("heapify_max " + act, heapq._heapify_max, heap)  # safepy: ignore[SP303]

# the heap emptied by a __lt__ during heappushpop's first comparison
class Clear:
    def __lt__(self, other):
        heap.clear()
        return True
heap[:] = [Clear()]
attempt("pushpop emptied", heapq.heappushpop, heap, 5)

# a __lt__ that raises stops the sift where it is
class Boom:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        if self.v == 4:
            raise ValueError("boom at 4")
        return self.v < other.v
    def __repr__(self):
        return f"B{self.v}"
heap[:] = [Boom(v) for v in [1, 2, 3, 5, 6, 7]]
attempt("raise", heapq.heappush, heap, Boom(4))

# merge: a key that advances the merge itself
def gen():
    yield 1
    yield 2
def key(v):
    if v == 2:
        next(m)
    return v
m = heapq.merge(gen(), [0, 3], key=key)
try:
    print(list(m))
except ValueError as e:
    print("merge re-entered:", e)
print(list(m))

# a StopIteration raised by the key ends that input, as heapq.py's try does
def stopper(v):
    if v == 5:
        raise StopIteration
    return v
print(list(heapq.merge([1, 5, 6], [2, 3, 7], key=stopper)))
print(list(heapq.merge([5, 6], [2, 3, 7], key=stopper)))

# nsmallest whose iterable grows the list it iterates
src = [5, 4, 3]
def feed():
    for x in src:
        if len(src) < 8:
            src.append(x - 1)
        yield x
print(heapq.nsmallest(3, feed()), src)
