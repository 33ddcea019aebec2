from dataclasses import dataclass, field, fields, MISSING, Field

@dataclass
class C:
    a: int
    b: list = field(default_factory=list)
    c: int = field(default=5, repr=False)
    d: int = field(default=0, compare=False)
    e: str = field(default="e", metadata={"unit": "m"})
    f: int = field(default=7, init=False)
    g: dict = field(default_factory=dict, hash=False)

c = C(1)
print(c)
print(c.f, c.c, c.b is C(1).b)
print(C(1) == C(1, d=99))
for f in fields(C):
    print(f.name, f.type, f.default is MISSING, f.default_factory is MISSING, f.init, f.repr, f.hash,
          f.compare, dict(f.metadata), f.kw_only, isinstance(f, Field))
print(fields(C)[4].metadata, fields(C)[4].metadata["unit"])
print(type(fields(C)[0].metadata).__name__)
try:
    fields(C)[4].metadata["x"] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    field(default=1, default_factory=list)
except ValueError as e:
    print("ValueError:", e)
print(repr(fields(C)[0]).startswith("Field(name='a',type=<class 'int'>,default=<dataclasses._MISSING_TYPE object at"))
print(repr(fields(C)[2]).endswith("init=True,repr=False,hash=None,compare=True,metadata=mappingproxy({}),kw_only=False,_field_type=_FIELD)"))
try:
    C(1, f=3)
except TypeError as e:
    print("TypeError:", e)
print(C.c, C.d)
print(hasattr(C, "b"), hasattr(C, "a"))
counter = [0]
def make():
    counter[0] += 1
    return counter[0]

@dataclass
class Fac:
    n: int = field(default_factory=make)
    m: int = field(default_factory=make, init=False)

print(Fac(), Fac(), Fac(100), counter)
