from dataclasses import dataclass, field, KW_ONLY

@dataclass
class Point:
    x: int
    y: int

@dataclass
class D:
    a: int
    b: int = 1
    c: int = 2

@dataclass
class K:
    a: int
    _: KW_ONLY
    k: int
    m: int = 3

def check(f):
    try:
        print(f())
    except TypeError as e:
        print("TypeError:", e)

check(lambda: Point())
check(lambda: Point(1))
check(lambda: Point(1, 2, 3))
check(lambda: Point(1, 2, 3, 4))
check(lambda: Point(1, z=2))
check(lambda: Point(1, x=2))
check(lambda: Point(y=2))
check(lambda: D())
check(lambda: D(1, 2, 3, 4))
check(lambda: D(1, 2, 3, 4, 5))
check(lambda: K(1))
check(lambda: K())
check(lambda: K(1, 2))
check(lambda: K(1, 2, k=3))
check(lambda: K(1, 2, k=3, m=4))
check(lambda: K(1, k=5))
check(lambda: K(a=1, k=5, m=6))
check(lambda: K(1, k=5, q=6))

def outer():
    @dataclass
    class Inner:
        v: int
    return Inner

Inner = outer()
check(lambda: Inner())
check(lambda: Inner(1, 2))
print(Inner(3))
