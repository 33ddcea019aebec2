# A sorted-list subclass: insort on add(), append/insert refused with
# NotImplementedError, contains via binary search, and slicing results.
class SortedList(list):
    def __init__(self, items=()):
        super().__init__(sorted(items))
    def add(self, x):
        lo, hi = 0, len(self)
        while lo < hi:
            mid = (lo + hi) // 2
            if self[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        self.insert_at(lo, x)
        return lo
    def insert_at(self, i, x):
        super().insert(i, x)
    def append(self, x):
        raise NotImplementedError("use add() to keep the list sorted")
    def insert(self, i, x):
        raise NotImplementedError("use add() to keep the list sorted")
    def count_between(self, lo, hi):
        return sum(1 for x in self if lo <= x <= hi)

s = SortedList([5, 1, 4])
print(s, [s.add(x) for x in (3, 0, 9, 4)], s)
print(s.count_between(2, 5), s[:3], type(s[:3]).__name__, 4 in s, s.index(9))
for bad in (lambda: s.append(1), lambda: s.insert(0, 1)):
    try:
        bad()
    except NotImplementedError as e:
        print("NotImplementedError:", e)
s.remove(4)
print(s, len(s), s == [0, 1, 3, 4, 5, 9], isinstance(s, list), s.pop(), s)
