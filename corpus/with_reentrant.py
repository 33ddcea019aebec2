# A reentrant context manager counting its depth, reused across nested and
# sequential with statements, restoring state after errors.
class Depth:
    def __init__(self):
        self.depth = 0
        self.max = 0
        self.entries = 0
    def __enter__(self):
        self.depth += 1
        self.entries += 1
        self.max = max(self.max, self.depth)
        return self.depth
    def __exit__(self, et, ev, tb):
        self.depth -= 1
        return et is KeyError

d = Depth()
def recurse(n):
    with d as level:
        if n == 0:
            return level
        return recurse(n - 1)

print(recurse(4), d.depth, d.max)
with d as a:
    with d as b:
        {}["ignored"]
    with d as c:
        print("levels", a, b, c)
print(d.depth, d.entries)
try:
    with d:
        with d:
            raise IndexError("through both")
except IndexError as e:
    print("IndexError:", e, d.depth)
