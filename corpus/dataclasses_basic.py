from dataclasses import dataclass

@dataclass
class Point:
    x: int
    y: int = 0

p = Point(1, 2)
print(p)
print(Point(5), Point(x=3), Point(y=4, x=9))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 3))
print(p == (1, 2), Point.__eq__(p, 5))
print(Point.__doc__)
print(Point.__match_args__)
print(Point.__dataclass_params__)
print(list(Point.__dataclass_fields__))
print(Point.__hash__ is None)
p.x = 10
print(p, p.x, p.y)
print(Point.y)
print(repr(p), str(p))

@dataclass()
class Empty:
    pass

print(Empty(), Empty() == Empty(), Empty.__match_args__, Empty.__doc__)

@dataclass
class Named:
    name: str
    tags: tuple = ()
    score: float = 1.5

print(Named("a"), Named("b", ("x",), 2.0))
print([Named(str(i)) for i in range(3)])
