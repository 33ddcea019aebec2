from dataclasses import dataclass, field, fields

class Desc:
    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)
        self.name = "_" + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return 100
        return getattr(obj, self.name, "unset")  # safepy: ignore[SP305]
    def __set__(self, obj, value):
        setattr(obj, self.name, value * 2)  # safepy: ignore[SP305]

@dataclass
class D:
    x: Desc = Desc()
    y: int = 0

d = D()
print(d, d.x)
d2 = D(5, 1)
print(d2, d2.x)

class Tag:
    def __set_name__(self, owner, name):
        print("tag set_name", name)
    def __repr__(self):
        return "Tag()"

@dataclass
class T:
    t: object = field(default=Tag())

print(T(), fields(T)[0].default)

@dataclass
class WithFunc:
    f: object = len
    g: object = field(default=print, repr=False)

print(WithFunc().f("abc"), WithFunc(f=str).f(5))
