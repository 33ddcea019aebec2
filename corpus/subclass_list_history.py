# A list subclass recording mutations through overridden append/extend/pop/
# remove (each delegating to the list methods via super()), with undo.
class HistoryList(list):
    def __init__(self, *args):
        super().__init__(*args)
        self.history = []
    def append(self, x):
        super().append(x)
        self.history.append(("append", x))
    def extend(self, xs):
        xs = list(xs)
        super().extend(xs)
        self.history.append(("extend", len(xs)))
    def pop(self, i=-1):
        x = super().pop(i)
        self.history.append(("pop", i, x))
        return x
    def remove(self, x):
        i = self.index(x)
        super().remove(x)
        self.history.append(("pop", i, x))
    def undo(self):
        op = self.history.pop()
        if op[0] == "append":
            super().pop()
        elif op[0] == "extend":
            for _ in range(op[1]):
                super().pop()
        else:
            super().insert(op[1] if op[1] >= 0 else len(self) + op[1] + 1, op[2])
        return op

h = HistoryList([1, 2])
h.append(3)
h.extend("ab")
h.remove(2)
print(h.pop(0), h, h.history)
while h.history:
    print(h.undo(), h)
try:
    h.remove(99)
except ValueError as e:
    print("ValueError:", e)
