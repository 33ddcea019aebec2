class Singleton(type):
    _instances = {}
    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]

class Config(metaclass=Singleton):
    def __init__(self, value=0):
        self.value = value

a = Config(1)
b = Config(2)
print(a is b, a.value, type(Config), type(Config).__name__, isinstance(Config, Singleton))
print(isinstance(Config, type), issubclass(Singleton, type))

class Registry(type):
    registry = {}
    def __new__(mcs, name, bases, ns, **kw):
        cls = super().__new__(mcs, name, bases, ns)
        if bases:
            mcs.registry[name] = cls
        return cls
    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.tag = name.lower()
    def describe(cls):
        return f"<{cls.__name__} registered={cls.__name__ in type(cls).registry}>"
    @property
    def upper(cls):
        return cls.__name__.upper()

class Plugin(metaclass=Registry):
    pass
class CSV(Plugin):
    pass
class JSON(Plugin, flavor=1):
    def __init_subclass__(cls, **kw):
        print("isc", kw)
print(sorted(Registry.registry), CSV.tag, JSON.tag, Plugin.describe(), CSV.describe(), CSV.upper)
print(type(CSV) is Registry, repr(CSV))
try:
    CSV().describe()
except AttributeError as e:
    print("AttributeError:", e)

class EnumMeta(type):
    def __iter__(cls):
        return iter(v for k, v in vars(cls).items() if not k.startswith("_"))  # safepy: ignore[SP311]
    def __len__(cls):
        return sum(1 for _ in cls)
    def __contains__(cls, x):
        return x in list(cls)
    def __getitem__(cls, k):
        return getattr(cls, k)  # safepy: ignore[SP305]
    def __repr__(cls):
        return f"<enum {cls.__name__}>"
class Color(metaclass=EnumMeta):
    RED = 1
    GREEN = 2
print(list(Color), len(Color), 2 in Color, 5 in Color, Color["RED"], repr(Color), str(Color), Color)

M = type("M", (type,), {"hello": lambda cls: "hi " + cls.__name__})  # safepy: ignore[SP308]
X = M("X", (), {"a": 1})
print(X.hello(), X.a, type(X).__name__)

def meta_fn(name, bases, ns):
    ns["made_by"] = "fn"
    return type(name, bases, ns)  # safepy: ignore[SP308]
class Y(metaclass=meta_fn):
    pass
print(Y.made_by, type(Y))

class M1(type): pass
class M2(type): pass
class A1(metaclass=M1): pass
class A2(metaclass=M2): pass
try:
    class B(A1, A2): pass
except TypeError as e:
    print("TypeError:", e)

class Counted(type):
    count = 0
    def __call__(cls, *a, **k):
        type(cls).count += 1
        return super().__call__(*a, **k)
class P(metaclass=Counted):
    def __init__(self, x): self.x = x
class Q(P): pass
ps = [P(1), Q(2), P(3)]
print(Counted.count, [p.x for p in ps], type(Q))
print(type.__call__(P, 9).x)
