from dataclasses import dataclass, field, fields, KW_ONLY

@dataclass(kw_only=True)
class A:
    x: int
    y: int = 0

print(A(x=1), A(y=2, x=3))
try:
    A(1)
except TypeError as e:
    print("TypeError:", e)
print(A.__match_args__, A.__doc__)

@dataclass
class B:
    x: int = 0
    _: KW_ONLY
    y: int
    z: int = field(default=5, kw_only=False)

print(B(1, y=2), B(y=3), B.__doc__, B.__match_args__)
print([(f.name, f.kw_only) for f in fields(B)])

@dataclass
class Mixed:
    a: int = field(kw_only=True)
    b: int = 1

print(Mixed(2, a=1), Mixed.__doc__)

try:
    @dataclass
    class Two:
        a: int
        _: KW_ONLY
        b: int
        __: KW_ONLY
        c: int
except TypeError as e:
    print("TypeError:", e)

@dataclass
class Base:
    a: int
    _: KW_ONLY
    b: int = 1

@dataclass
class Sub(Base):
    c: int = 2
    d: int = field(kw_only=True, default=4)

print(Sub(0), Sub(0, 9, b=8, d=7), Sub.__doc__, Sub.__match_args__)
print(type(KW_ONLY).__name__, KW_ONLY is KW_ONLY)
