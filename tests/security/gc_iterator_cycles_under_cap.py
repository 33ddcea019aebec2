# args: --max-memory 32M --timeout 60
# expect: exit=0 stdout="done 300000"
# Cycles through iterators (a dict keeping its own iterator, a list holding
# an iterator over itself, an instance keeping an iterator over its values)
# are collected: 300,000 of them stay under a 32 MiB cap.
class Holder:
    def __init__(self):
        self.items = [1, 2, 3]
        self.items.append(iter(self.items))
        self.view = iter(vars(self).values())

n = 0
for i in range(300000):
    d = {"x": [1, 2, 3]}
    d["it"] = iter(d)
    s = {1, 2}
    t = [s, iter(s)]
    t.append(t)
    Holder()
    n += 1
print("done", n)
