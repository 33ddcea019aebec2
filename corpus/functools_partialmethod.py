from functools import partialmethod, partial
class Cell:
    def __init__(self):
        self.alive = False
    def set_state(self, state, note=""):
        self.alive = state
        return (state, note)
    set_alive = partialmethod(set_state, True)
    set_dead = partialmethod(set_state, False, note="dead")
c = Cell()
print(c.set_alive(), c.alive, c.set_dead(), c.alive)
print(c.set_alive(note="x"))
print(type(Cell.__dict__["set_alive"]).__name__)  # safepy: ignore[SP310]
pm = Cell.__dict__["set_dead"]  # safepy: ignore[SP310]
print(pm.args, pm.keywords, pm.func is Cell.set_state)
nested = partialmethod(pm, note="n")
print(nested.args, nested.keywords)
try:
    partialmethod(5)
except TypeError as e:
    print("TypeError:", e)
class WithClassmethod:
    @classmethod
    def make(cls, a, b):
        return (cls.__name__, a, b)
    make1 = partialmethod(make, 1)
print(WithClassmethod().make1(2), WithClassmethod.make1(3))
class WithPartial:
    p = partialmethod(partial(lambda self, a, b: (a, b), b=2), 1)
print(WithPartial().p())
