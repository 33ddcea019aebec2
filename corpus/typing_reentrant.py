# Arguments whose __eq__, __hash__ and __repr__ rebind the alias they are in: no crash
# (how often each runs is CPython's hashing detail, so only the kinds of results print).
from typing import List, Literal, Union

holder = {}


class Sneaky:
    def __init__(self, tag):
        self.tag = tag

    def __repr__(self):
        a = holder.get("alias")
        if a is not None:
            a.__args__ = ("replaced",)
        return "Sneaky(%s)" % self.tag

    def __eq__(self, other):
        a = holder.get("alias")
        if a is not None:
            a.__args__ = (0,)
        return isinstance(other, Sneaky) and other.tag == self.tag

    def __hash__(self):
        a = holder.get("alias")
        if a is not None:
            a.__args__ = (1,)
        return hash(self.tag)


x, y = Sneaky(1), Sneaky(1)
holder["alias"] = List[x]
print(repr(holder["alias"]))
print(holder["alias"].__args__)
holder["alias"] = u = Union[x, int]
print(type(u == Union[y, int]).__name__, type(u.__args__).__name__)
holder["alias"] = v = Literal[x, 2]
print(type(hash(v)).__name__, type(v.__args__).__name__)
holder["alias"] = w = List[x]
print(type(w == List[y]).__name__, len(w.__args__))
holder.clear()
print(Union[x, y, int], Literal[x, y])
