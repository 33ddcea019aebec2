from dataclasses import dataclass, field

@dataclass(order=True)
class V:
    major: int
    minor: int = 0
    label: str = field(default="", compare=False)

vs = [V(1, 2, "c"), V(0, 5, "a"), V(1, 0, "b"), V(1, 2, "z")]
print(sorted(vs))
print(V(1) < V(2), V(1) <= V(1), V(2) > V(1, 9), V(1, 1) >= V(1, 1), V(1, 2, "x") == V(1, 2, "y"))
print(max(vs), min(vs))
for op in ("<", "<=", ">", ">="):
    try:
        if op == "<":
            V(1) < 1
        elif op == "<=":
            V(1) <= "a"
        elif op == ">":
            V(1) > None
        else:
            V(1) >= (1, 0)
    except TypeError as e:
        print("TypeError:", e)

@dataclass(order=True)
class W:
    major: int
    minor: int = 0

try:
    V(1) < W(1)
except TypeError as e:
    print("TypeError:", e)
print(V.__lt__(V(1), W(1)))

try:
    @dataclass(order=True, eq=False)
    class Bad:
        a: int
except ValueError as e:
    print("ValueError:", e)

try:
    @dataclass(order=True)
    class Bad2:
        a: int
        def __lt__(self, other):
            return True
except TypeError as e:
    print("TypeError:", e)

@dataclass(order=True)
class Sub(V):
    patch: int = 0

print(Sub(1, 2, "x", 3) < Sub(1, 2, "y", 4))
try:
    Sub(1) < V(1)
except TypeError as e:
    print("TypeError:", e)
