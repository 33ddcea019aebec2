# bisect over sequences that are not lists: __len__/__getitem__, insert()
import bisect

class Seq:
    def __init__(self, data):
        self.data = list(data)
        self.reads = []
    def __len__(self):
        print("  len")
        return len(self.data)
    def __getitem__(self, i):
        self.reads.append(i)
        return self.data[i]
    def insert(self, i, x):
        print("  insert", i, x)
        self.data.insert(i, x)

s = Seq([10, 20, 30, 40, 50, 60, 70])
print(bisect.bisect_left(s, 35), s.reads)
s.reads.clear()
print(bisect.bisect_right(s, 70, 2), s.reads)
s.reads.clear()
print(bisect.bisect_left(s, 20, 0, 3), s.reads)
bisect.insort(s, 45)
bisect.insort_left(s, 10, key=lambda v: v)
print(s.data, s.reads)

# a list subclass: its own __getitem__ and insert are used
class MyList(list):
    def __getitem__(self, i):
        print("  getitem", i)
        return list.__getitem__(self, i)
    def insert(self, i, x):
        print("  my insert", i, x)
        list.insert(self, i, x)
m = MyList([1, 3, 5, 7])
print(bisect.bisect(m, 4))
bisect.insort(m, 4)
print(m)

# insert that is not a list's: whatever it does, and its result is ignored
class Odd(list):
    def insert(self, i, x):
        list.append(self, (i, x))
        return "ignored"
o = Odd([1, 2, 3])
print(bisect.insort_left(o, 2), o)

# no insert at all
class NoInsert:
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return [1, 5][i]
try:
    bisect.insort(NoInsert(), 3)
except AttributeError as e:
    print("AttributeError", e)
print(bisect.bisect(NoInsert(), 3))

# __getitem__ raising IndexError part-way, and a short sequence
class Short:
    def __len__(self):
        return 10
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError("short")
        return i
try:
    bisect.bisect_left(Short(), 5)
except IndexError as e:
    print("IndexError", e)

# deque and array-like
from collections import deque
dq = deque([1, 4, 9, 16])
print(bisect.bisect_left(dq, 5))
bisect.insort(dq, 5)
print(dq)

# __lt__ on the items and on x
class P:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        print("  ", self.v, "<", o.v)
        return self.v < o.v
    def __repr__(self):
        return f"P{self.v}"
ps = [P(i) for i in range(0, 20, 3)]
print(bisect.bisect_left(ps, P(7)), bisect.bisect_right(ps, P(9)))
bisect.insort(ps, P(10))
print(ps)
