# UserList subclasses: a validated list, a list whose items are read through __getitem__
from collections import UserList


class IntList(UserList):
    """Only ints may go in."""

    def __init__(self, items=()):
        super().__init__()
        for x in items:
            self.append(x)

    @staticmethod
    def _check(x):
        if not isinstance(x, int):
            raise TypeError(f"IntList holds ints, not {type(x).__name__}")
        return x

    def append(self, x):
        super().append(self._check(x))

    def insert(self, i, x):
        super().insert(i, self._check(x))

    def extend(self, other):
        for x in other:
            self.append(x)

    def __setitem__(self, i, x):
        if isinstance(i, slice):
            x = [self._check(v) for v in x]
        else:
            self._check(x)
        super().__setitem__(i, x)

    def __iadd__(self, other):
        self.extend(other)
        return self


nums = IntList([3, 1, 2])
nums.append(4)
nums.insert(0, 0)
nums += [5, 6]
nums[0] = 10
nums[1:3] = [11, 12]
print(nums, type(nums).__name__, len(nums))
for bad in (lambda: nums.append("x"), lambda: nums.insert(0, 1.5), lambda: nums.extend([1, None]),
            lambda: nums.__setitem__(0, "s"), lambda: IntList(["a"])):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print(nums)
half = nums[:3]
print(half, type(half).__name__, nums + [7], type(nums + [7]).__name__, type(nums * 2).__name__)
print(nums.copy(), type(nums.copy()).__name__)
try:
    nums + ["no"]
except TypeError as e:
    print("TypeError:", e)


class Doubling(UserList):
    """Reads come back doubled: iteration goes through __getitem__."""

    def __getitem__(self, i):
        v = super().__getitem__(i)
        return v * 2 if not isinstance(i, slice) else v


dl = Doubling([1, 2, 3])
print(list(dl), list(reversed(dl)), [x for x in dl], dl.data, 2 in dl, sum(dl), max(dl))
print(dl.index(2), dl.count(1), dl[0], dl[1:])


class Stopping(UserList):
    def __len__(self):
        return 2


st = Stopping([1, 2, 3])
print(list(st), list(reversed(st)), len(st))


class Tracked(UserList):
    def __init__(self, data=None):
        super().__init__(data)
        self.ops = 0

    def __setitem__(self, i, v):
        self.ops += 1
        super().__setitem__(i, v)


t = Tracked([1, 2, 3])
t.reverse()
t.sort()
t[0] = 9
print(t, t.ops, t.copy().ops, vars(t.__copy__()))  # safepy: ignore[SP311]
print(isinstance(t, UserList), isinstance(t, list), t == [9, 2, 3])
