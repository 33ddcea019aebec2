# A finalizer runs once per object (PEP 442): resurrection is allowed and
# the resurrected object's __del__ is not called again
saved = []

class R:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("finalize", self.n)
        saved.append(self)

r = R(1)
del r
print("saved", [x.n for x in saved])
saved.clear()
print("cleared: no second finalize")

keep = None
class G:
    def __del__(self):
        global keep
        print("G finalize")
        keep = self

G()
print("keep is G:", type(keep).__name__)
keep = None
print("keep dropped")

class Chain:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("chain", self.n)
        if self.n < 5:
            Chain(self.n + 1)

Chain(1)
print("chain done")

class Spawner:
    made = 0
    def __init__(self, n):
        self.n = n
    def __del__(self):
        Spawner.made += 1
        if self.n > 0:
            self.child = Spawner(self.n - 1)

s = Spawner(20)
s = None
print("spawned", Spawner.made)

class Mutator:
    def __init__(self, target):
        self.target = target
    def __del__(self):
        self.target.append("from del")
        self.target.sort()

data = ["b", "a"]
m = Mutator(data)
data.append(m)
data.pop()
m = None
print(data)

class DelGlobal:
    def __del__(self):
        global victim
        del victim
        print("deleted victim")

victim = 1
dg = DelGlobal()
dg = None
try:
    victim
    print("victim still there")
except NameError:
    print("victim deleted")
