from dataclasses import dataclass, field

@dataclass
class Node:
    val: int
    children: list = field(default_factory=list)
    parent: object = field(default=None, repr=False)

root = Node(1)
kid = Node(2, parent=root)
root.children.append(kid)
kid.children.append(root)
print(root)
print(kid)
self_ref = Node(0)
self_ref.children = self_ref
print(self_ref)
print([self_ref, self_ref])

@dataclass
class Pair:
    a: object
    b: object

p = Pair(1, 2)
q = Pair(p, p)
print(q)
p.a = q
print(q)

def outer():
    @dataclass
    class Inside:
        v: int
    return Inside(1)

print(outer())

class Host:
    @dataclass
    class Nested:
        v: str = "n"

print(Host.Nested(), Host.Nested.__qualname__)

@dataclass
class Strange:
    a: int
    def __str__(self):
        return "str!"

print(Strange(1), repr(Strange(2)), f"{Strange(3)!r}")

class Sub(Pair):
    pass

print(Sub(1, 2))

@dataclass
class Quoted:
    s: str
    f: float
    n: None = None

print(Quoted("it's", 1e20), Quoted('"', float("nan")))
