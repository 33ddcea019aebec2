from collections import deque

d = deque([1, 2, 3])
print(d, len(d), bool(d), bool(deque()))
d.append(4)
d.appendleft(0)
print(d)
print(d.pop(), d.popleft(), d)
d.extend([5, 6])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d.rotate(0)
d.rotate(100)
print(d)
print(d[0], d[-1], d[3])
d[0] = "first"
d[-1] = "last"
print(d)
del d[1]
print(d)
del d[-2]
print(d)
print(d.count(2), d.index(2), 3 in d, 99 in d)
d.remove(2)
print(d)
d.insert(1, "ins")
d.insert(-1, "ins2")
d.insert(100, "end")
d.insert(-100, "start")
print(d)
d.reverse()
print(d)
c = d.copy()
c.clear()
print(c, d == c, len(d))
print(list(d), list(reversed(d)))

w = deque(maxlen=3)
for i in range(6):
    w.append(i)
    print(w, sum(w))
print(w.maxlen, deque().maxlen)
w.appendleft(-1)
print(w)
w.extend(range(10, 20))
print(w)
w.extendleft("ab")
print(w, repr(w))
z = deque([1, 2], maxlen=0)
z.append(3)
print(z)


def bfs(graph, start):
    seen = {start}
    q = deque([start])
    order = []
    while q:
        node = q.popleft()
        order.append(node)
        for nxt in graph[node]:
            if nxt not in seen:
                seen.add(nxt)
                q.append(nxt)
    return order


g = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": [], "e": ["a"]}
print(bfs(g, "a"))


def sliding_max(nums, k):
    q = deque()
    out = []
    for i, x in enumerate(nums):
        while q and nums[q[-1]] <= x:
            q.pop()
        q.append(i)
        if q[0] <= i - k:
            q.popleft()
        if i >= k - 1:
            out.append(nums[q[0]])
    return out


print(sliding_max([1, 3, -1, -3, 5, 3, 6, 7], 3))
last3 = deque("abcdefg", 3)
print(last3, "".join(last3))
print(deque([1, 2]) == deque([1, 2]), deque([1, 2]) == [1, 2], deque([1, 2]) < deque([1, 3]))
print(deque([1, 2]) + deque([3]), deque([1, 2]) * 2, 2 * deque([7]))
m = deque([1, 2, 3], maxlen=4)
print(m * 3)
m += [9, 8]
print(m)
m *= 2
print(m)
big = deque(range(100))
big.rotate(37)
print(big[0], big[99], list(big)[:5])
for i in range(50):
    big.popleft()
    big.append(i)
print(big[0], big[-1], len(big))
print(isinstance(d, deque), type(d).__name__, type(d))
for name, fn in [
    ("pop", lambda: deque().pop()),
    ("popleft", lambda: deque().popleft()),
    ("index", lambda: deque([1])[5]),
    ("remove", lambda: deque([1]).remove(2)),
    ("find", lambda: deque([1]).index(2)),
    ("maxlen", lambda: deque([], -1)),
    ("full", lambda: deque([1], 1).insert(0, 5)),
    ("key", lambda: deque([1])["a"]),
    ("concat", lambda: deque([1]) + [2]),
    ("hash", lambda: {deque(): 1}),
]:
    try:
        fn()
    except (IndexError, ValueError, TypeError) as ex:
        print(name, type(ex).__name__, ex)
it = deque([1, 2, 3])
try:
    for x in it:
        it.append(x)
except RuntimeError as ex:
    print("RuntimeError", ex)
print(it)
nested = deque()
nested.append(nested)
print(nested)
print(deque(iterable=[1], maxlen=5))
