from dataclasses import dataclass, field, fields, InitVar, replace

@dataclass
class C:
    a: int
    scale: InitVar[int] = 2
    b: int = field(init=False)
    def __post_init__(self, scale):
        self.b = self.a * scale

c = C(3)
print(c, C(3, 10), [f.name for f in fields(C)])
print(C.__dataclass_fields__["scale"]._field_type, C.__dataclass_fields__["b"]._field_type)
print("scale" in C.__dict__, C.scale)  # safepy: ignore[SP310]
print(C.__doc__)
print(replace(c, a=5))

@dataclass
class Req:
    x: int
    iv: InitVar[str]
    def __post_init__(self, iv):
        self.s = iv.upper()

r = Req(1, "hi")
print(r, r.s)
try:
    replace(r, x=2)
except ValueError as e:
    print("ValueError:", e)
print(replace(r, iv="yo").s)

@dataclass
class Plain:
    x: int
    def __post_init__(self):
        print("post init", self.x)
        self.x += 1

print(Plain(1))

@dataclass
class BadPost:
    x: int
    iv: InitVar[int] = 0
    def __post_init__(self):
        pass

try:
    BadPost(1)
except TypeError as e:
    print("TypeError:", e)

iv = InitVar(int)
print(iv, iv.type, InitVar[list], InitVar["Foo"], InitVar[int].type)

try:
    @dataclass
    class BadIV:
        v: InitVar[list] = field(default_factory=list)
except TypeError as e:
    print("TypeError:", e)

@dataclass
class Base:
    x: int
    def __post_init__(self):
        self.tag = "base"

@dataclass
class Sub(Base):
    y: int = 0
    def __post_init__(self):
        super().__post_init__()
        self.tag += "+sub"

print(Sub(1).tag)

class Mixin:
    def __post_init__(self):
        self.mixed = True

@dataclass
class UsesMixin(Mixin):
    a: int = 0

print(UsesMixin().mixed)

from dataclasses import make_dataclass
Many = make_dataclass("Many", [("a", int)] + [("iv%d" % i, InitVar[int]) for i in range(70)],
                      namespace={"__post_init__": lambda self, *ivs: setattr(self, "total", (len(ivs), sum(ivs)))})
m = Many(*range(71))
print(m, m.total, len(Many.__doc__))
