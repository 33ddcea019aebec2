# A list that remembers every version of itself, built on UserList
from collections import UserList


class HistoryList(UserList):
    """Every mutation is recorded so it can be undone."""

    def __init__(self, initlist=None, limit=5):
        super().__init__(initlist)
        self.limit = limit
        self.history = []

    def _save(self):
        self.history.append(list(self.data))
        if len(self.history) > self.limit:
            self.history.pop(0)

    def undo(self):
        if not self.history:
            raise IndexError("nothing to undo")
        self.data = self.history.pop()
        return self

    def __setitem__(self, i, item):
        self._save()
        super().__setitem__(i, item)

    def __delitem__(self, i):
        self._save()
        super().__delitem__(i)

    def append(self, item):
        self._save()
        super().append(item)

    def insert(self, i, item):
        self._save()
        super().insert(i, item)

    def extend(self, other):
        self._save()
        super().extend(other)

    def sort(self, *args, **kwds):
        self._save()
        super().sort(*args, **kwds)


h = HistoryList([5, 3, 8])
h.append(1)
h.sort()
h[0] = 100
h.extend([7, 7])
del h[1]
print(h, len(h.history), h.history[-1])
print(h.undo(), h.undo(), h.undo())
h.insert(0, -1)
h.remove(8)          # UserList.remove goes to self.data directly: not recorded
print(h, h.history)
print(h.pop(), h, h.count(3), h.index(3), 3 in h, h[1:], type(h[1:]).__name__)
print(sorted(h), list(reversed(h)), h + [0], h == [-1, 1, 3], h != [], h * 2)
for _ in range(10):
    h.append(0)
print(len(h.history), h.history[0], h.limit)
try:
    HistoryList().undo()
except IndexError as e:
    print("IndexError:", e)
c = h.copy()
print(type(c).__name__, c.history, c.limit, c == h, c is h)
snap = h.__copy__()
print(snap.history is h.history, snap.data is h.data, vars(snap).keys())  # safepy: ignore[SP311]
