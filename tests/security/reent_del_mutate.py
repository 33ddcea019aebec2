# args: --timeout 30
# expect: exit=0 stdout="ok"
# A __del__ that empties and refills the containers being changed by the
# builtin that dropped its object (list slice assignment, dict store, set
# discard, deque pop, sort): the finalizer runs after the builtin is done.
from collections import deque
L, d, s, q = [], {}, set(), deque()
class M:
    def __init__(self, n):
        self.n = n
    def __hash__(self):
        return self.n
    def __del__(self):
        L.clear(); L.extend(range(50))
        d.clear(); d.update({i: i for i in range(50)})
        s.clear(); s.update(range(50))
        q.clear(); q.extend(range(50))

for round in range(8):
    L[:] = [M(i) for i in range(20)]
    L[2:15] = [M(99)]
    d.update({i: M(i) for i in range(20)})
    for i in range(20):
        d[i] = None
    s.update(M(i) for i in range(20))
    s.clear()
    q.extend(M(i) for i in range(20))
    while q:
        q.pop()
        if len(q) > 40:
            break
    try:
        L.sort(key=lambda v: M(0) and 0)
    except ValueError as e:
        assert "modified during sort" in str(e)
print("ok")
