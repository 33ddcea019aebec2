# A priority task queue: a binary heap implemented in a class with __len__,
# __bool__ and iteration that drains, tasks ordered by (priority, sequence).
class Task:
    seq = 0
    def __init__(self, name, priority):
        self.name, self.priority = name, priority
        Task.seq += 1
        self.order = Task.seq
    def __lt__(self, other):
        return (self.priority, self.order) < (other.priority, other.order)
    def __repr__(self):
        return f"{self.name}(p{self.priority})"

class Heap:
    def __init__(self):
        self.items = []
    def push(self, item):
        a = self.items
        a.append(item)
        i = len(a) - 1
        while i and a[i] < a[(i - 1) // 2]:
            a[i], a[(i - 1) // 2] = a[(i - 1) // 2], a[i]
            i = (i - 1) // 2
    def pop(self):
        if not self.items:
            raise IndexError("pop from empty heap")
        a = self.items
        a[0], a[-1] = a[-1], a[0]
        top = a.pop()
        i = 0
        while True:
            small = i
            for c in (2 * i + 1, 2 * i + 2):
                if c < len(a) and a[c] < a[small]:
                    small = c
            if small == i:
                return top
            a[i], a[small] = a[small], a[i]
            i = small
    def __len__(self):
        return len(self.items)
    def __iter__(self):
        while self:
            yield self.pop()

h = Heap()
for name, p in [("write", 3), ("test", 2), ("deploy", 5), ("fix", 1), ("review", 2), ("plan", 1)]:
    h.push(Task(name, p))
print(len(h), bool(h), h.pop(), h.pop())
h.push(Task("hotfix", 0))
print(list(h), len(h), bool(h))
try:
    h.pop()
except IndexError as e:
    print("IndexError:", e)
nums = Heap()
for x in [5, 3, 9, 1, 7, 3]:
    nums.push(x)
print([x for x in nums])
