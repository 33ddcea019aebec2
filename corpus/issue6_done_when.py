# The "done when" program of the rest-of-Python issue: match with class and
# mapping patterns, walrus in a comprehension, bytes round trips through
# encode/decode, complex arithmetic, {**a, **b}
class Point:
    __match_args__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y

def describe(obj):
    match obj:
        case Point(0, 0):
            return "origin"
        case Point(x, 0) if x > 0:
            return f"on +x at {x}"
        case Point(x=x, y=y):
            return f"point {x},{y}"
        case {"type": "circle", "r": r, **rest}:
            return f"circle r={r} extra={rest}"
        case [first, *others]:
            return f"seq {first} +{len(others)}"
        case _:
            return "unknown"

for o in [Point(0, 0), Point(3, 0), Point(1, 2), {"type": "circle", "r": 2, "c": 1}, [1, 2, 3], 5]:
    print(describe(o))
data = [3, 8, 1, 9, 4]
print([y for x in data if (y := x * 2) > 6], y)
text = "héllo wörld €"
for enc in ("utf-8", "utf-16", "latin-1"):
    b = text.encode(enc, errors="replace")
    print(enc, b[:12], b.decode(enc, errors="replace") == text, len(b))
z = (1 + 2j) * (3 - 1j) / (2 + 0.5j)
print(z, abs(z), z.conjugate(), (-8) ** (1 / 3), complex("1+2j") ** 2)
a = {"x": 1, "y": 2}
b = {"y": 3, "z": 4}
print({**a, **b}, [*a, *b], {*a, *b} == {"x", "y", "z"})
