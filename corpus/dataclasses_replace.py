from dataclasses import dataclass, field, replace

@dataclass
class C:
    a: int
    b: int = 2
    c: list = field(default_factory=list)
    d: int = field(default=4, init=False)

c = C(1)
c.d = 40
r = replace(c, b=3)
print(r, r.d, c.c is r.c, r is c)
print(replace(c))
for kw in ({"d": 1}, {"z": 1}, {"a": 1, "zz": 2}):
    try:
        print(replace(c, **kw))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
for bad in (C, 1, "x"):
    try:
        replace(bad, a=1)
    except TypeError as e:
        print("TypeError:", e)
try:
    replace()
except TypeError as e:
    print("TypeError:", e)

@dataclass(frozen=True)
class F:
    x: int
    y: int = 0

f = F(1)
print(replace(f, y=5), f)

class Sub(C):
    pass

s = Sub(9)
print(type(replace(s, a=1)).__name__, replace(s, a=1))
