from dataclasses import dataclass, field, fields

@dataclass
class Base:
    x: int
    y: int = 1
    z: list = field(default_factory=list)

@dataclass
class Child(Base):
    y: int = 5
    w: str = "w"

print(Child(0), [f.name for f in fields(Child)])
print(Child.__doc__)
print(Child(1) == Base(1, 5), Base(1) == Base(1))

class Mid(Base):
    def extra(self):
        return self.x * 2

@dataclass
class Leaf(Mid):
    q: int = 9

lf = Leaf(3)
print(lf, lf.extra())

try:
    @dataclass
    class Bad(Base):
        nodef: int
except TypeError as e:
    print("TypeError:", e)

@dataclass
class A:
    a: int = 1

@dataclass
class B:
    b: int = 2

@dataclass
class AB(A, B):
    c: int = 3

print(AB(), [f.name for f in fields(AB)])

@dataclass
class WithInit(Base):
    def __init__(self, v):
        super().__init__(v, v + 1)
        self.extra = "set"

wi = WithInit(7)
print(wi, wi.extra)

@dataclass(repr=False, eq=False)
class NoRepr(Base):
    pass

r = NoRepr(1)
print(repr(r).startswith("<__main__.NoRepr object at"), r == NoRepr(1))

@dataclass
class Custom(Base):
    def __repr__(self):
        return "custom!"
    def __eq__(self, other):
        return True

print(Custom(1), Custom(1) == 5, Custom.__hash__)

class NotDC:
    k = 4

@dataclass
class FromPlain(NotDC):
    k: int = 10

print(FromPlain(), NotDC.k)
