# args: --allow-module heapq,bisect
# expect: exit=0 stdout="storm ok" seconds=60
# A storm of __lt__ and key calls that clear, grow, shrink, replace and
# re-enter the lists heapq and bisect are working on (and the merge
# generator being advanced): every call must end with a value or an
# exception (CPython's RuntimeError "list changed size during iteration",
# IndexError, ValueError "generator already executing"), never a read of
# freed or out-of-range memory (run under the sanitizer build).
import heapq
import bisect
import random

rng = random.Random(2026)
target = []
merges = []

class S:
    __slots__ = ("v",)
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        r = rng.random()
        if r < 0.08:
            target.clear()
        elif r < 0.16:
            target.append(S(rng.randrange(100)))
        elif r < 0.24 and target:
            target.pop(rng.randrange(len(target)))
        elif r < 0.32 and target:
            target[rng.randrange(len(target))] = S(rng.randrange(100))
        elif r < 0.36:
            target[:] = [S(i) for i in range(rng.randrange(5))]
        elif r < 0.40 and merges:
            try:
                next(merges[-1])
            except (ValueError, StopIteration, RuntimeError, IndexError):
                pass
        elif r < 0.42 and target:
            try:
                heapq.heappop(target)
            except (RuntimeError, IndexError):
                pass
        elif r < 0.44:
            try:
                bisect.insort(target, S(rng.randrange(100)))
            except (RuntimeError, IndexError):
                pass
        return self.v < getattr(other, "v", 0)

def key(x):
    if rng.random() < 0.1:
        target.clear()
    return x

ops = 0
errors = 0
for round_ in range(3000):
    target[:] = [S(rng.randrange(100)) for _ in range(rng.randrange(12))]
    which = round_ % 9
    try:
        if which == 0:
            heapq.heappush(target, S(rng.randrange(100)))
        elif which == 1:
            heapq.heappop(target)
        elif which == 2:
            heapq.heapify(target)
        elif which == 3:
            heapq.heapreplace(target, S(rng.randrange(100)))
        elif which == 4:
            heapq.heappushpop(target, S(rng.randrange(100)))
        elif which == 5:
            heapq._heapify_max(target)
            heapq._heappop_max(target)
        elif which == 6:
            m = heapq.merge(list(target), [S(i) for i in range(5)], key=key, reverse=rng.random() < 0.5)
            merges.append(m)
            for _ in m:
                pass
            merges.pop()
        elif which == 7:
            bisect.insort(target, S(rng.randrange(100)), key=key)
            bisect.bisect_left(target, S(50))
            bisect.bisect_right(target, 50, key=lambda s: s.v)
        else:
            heapq.nsmallest(3, list(target))
            heapq.nlargest(3, iter(list(target)), key=lambda s: s)
        ops += 1
    except (RuntimeError, IndexError, ValueError, TypeError, AttributeError):
        errors += 1
    merges.clear()
for m in (heapq.merge([S(1)], [S(2)]), heapq.merge([1, 2], [0], key=key)):
    for f in (lambda: m.send(None), lambda: m.send(1), lambda: m.close(), lambda: m.throw(ValueError), lambda: m.gi_running):
        try:
            f()
        except (NotImplementedError, StopIteration, RuntimeError, IndexError):
            pass
print("storm ok", ops + errors == 3000)
