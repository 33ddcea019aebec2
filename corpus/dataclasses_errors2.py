from dataclasses import dataclass, field, fields, replace, asdict
for bad in (5, int, "s"):
    try:
        dataclass(bad)
    except Exception as e:
        print(type(e).__name__, e)
@dataclass
class C:
    a: int
    b: int = field(default=1, init=False)
c = C(1)
try:
    replace(c, b=2)
except ValueError as e:
    print(e)
try:
    C(1, b=2)
except TypeError as e:
    print(e)
try:
    C.__init__()
except TypeError as e:
    print(e)
try:
    C.__repr__()
except TypeError as e:
    print(e)
@dataclass
class G:
    x: int
    def __getattr__(self, name):
        return "dyn-" + name
print(G(1), G(1).zz)
@dataclass
class Dele:
    x: int = 1
d = Dele()
del d.x
print(d)
d2 = Dele(); 
object.__delattr__(d2, "x") if False else None
@dataclass
class Missing:
    x: int
m = Missing.__new__(Missing)
try:
    repr(m)
except AttributeError as e:
    print("AttributeError:", e)
try:
    m == Missing(1)
except AttributeError as e:
    print("AttributeError:", e)
try:
    dataclass(C(1))
except Exception as e:
    print(type(e).__name__, e)
try:
    C.__init__(a=1)
except Exception as e:
    print(type(e).__name__, e)
try:
    C.__init__(c, a=1, b=2)
except TypeError as e:
    print(e)
try:
    G.__eq__(G(1))
except TypeError as e:
    print(e)
