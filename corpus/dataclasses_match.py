from dataclasses import dataclass, field, KW_ONLY

@dataclass
class Point:
    x: int
    y: int

@dataclass
class Circle:
    center: Point
    r: float = 1.0
    _: KW_ONLY
    color: str = "red"

def describe(shape):
    match shape:
        case Point(0, 0):
            return "origin"
        case Point(x, 0):
            return f"on x axis at {x}"
        case Point(x=0, y=y):
            return f"on y axis at {y}"
        case Circle(Point(x, y), r) if r > 5:
            return f"big circle at {x},{y}"
        case Circle(c, r, color="blue"):
            return f"blue circle {c} {r}"
        case Circle(c):
            return f"circle {c}"
        case _:
            return "unknown"

for s in (Point(0, 0), Point(3, 0), Point(0, 4), Point(1, 1), Circle(Point(1, 2), 10),
          Circle(Point(0, 0), 2, color="blue"), Circle(Point(5, 5)), 42):
    print(describe(s))
print(Circle.__match_args__)

@dataclass(match_args=False)
class NoMatch:
    a: int

try:
    match NoMatch(1):
        case NoMatch(a):
            print("matched")
except TypeError as e:
    print("TypeError:", e)

@dataclass
class Own:
    a: int
    b: int
    __match_args__ = ("b",)

match Own(1, 2):
    case Own(v):
        print("own", v)
