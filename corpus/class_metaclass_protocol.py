class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        print("new", mcs.__name__, name, [b.__name__ for b in bases], sorted(k for k in ns if not k.startswith("__")), kw)
        return super().__new__(mcs, name, bases, ns, **kw)
    def __init__(cls, name, bases, ns, **kw):
        print("init", name, kw)
        super().__init__(name, bases, ns)
    def __getattr__(cls, name):
        if name.startswith("dyn_"):
            return name[4:]
        raise AttributeError(name)

class Base(metaclass=Meta):
    def __init_subclass__(cls, **kw):
        print("init_subclass", cls.__name__, kw)
        cls.opts = kw
    def m(self): return 1

class Child(Base, level=3):
    x = 1
print(Child.opts, Child.dyn_hello, Child.__class__.__name__, Child().__class__.__name__)
try:
    Child.nothing
except AttributeError as e:
    print("AE", e)
Child.y = 5
print(Child.y, Child.x, Child().m())

class Ordered(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return {}
class O(metaclass=Ordered):
    a = 1
print(O.a, type(O).__name__)

class Meta2(Meta):
    pass
class G(Base, metaclass=Meta2):
    pass
print(type(G).__name__)

class M3(type):
    def __call__(cls, *a):
        raise ValueError("no instances of " + cls.__name__)
class NoInst(metaclass=M3): pass
try:
    NoInst()
except ValueError as e:
    print("VE", e)

print(type(type), type(Meta), isinstance(Meta, type), isinstance(Base, Meta), isinstance(Base(), Meta))
print(callable(Base), Base.__name__, Base.__qualname__, Meta.__name__)
T = type("T", (Base,), {"q": 1})  # safepy: ignore[SP308]
print(type(T).__name__, T.q)
