from collections import deque, defaultdict
x: int = 5
y: list[int] = [1]
name: str
def f(a: int, b: str = "x", *args: float, c: "Foo" = None, **kw: dict[str, int]) -> bool:
    """Check a thing."""
    z: float = 1.5
    return True
print(x, y, f(1), f.__annotations__, f.__doc__, __annotations__)
print(int | None, list[int], dict[str, list[int]], tuple[int, ...] if False else tuple[int, str], deque[int], type[int])
print(isinstance(3, int | str), isinstance("a", (int, (float, str))), isinstance(None, int | None))
try:
    isinstance([], list[int])
except TypeError as e:
    print(e)
print(list[int]("ab"), (int | str).__args__, list[int].__origin__, list[int] == list[int])
class Point:
    x: int
    y: int = 0
    def __init__(self, x: int) -> None:
        self.x = x
    def moved(self, dx: int) -> "Point":
        return Point(self.x + dx)
print(Point.__annotations__, Point(1).moved(2).x, Point.y)
class Box:
    def __class_getitem__(cls, item):
        return f"Box of {item.__name__}"
print(Box[int])
def g(items: list[dict[str, int]]) -> dict[str, int] | None:
    return items[0] if items else None
print(g([{"a": 1}]), g([]), g.__annotations__)
