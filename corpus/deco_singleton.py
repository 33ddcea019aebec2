# A class decorator turning a class into a lazily created singleton factory,
# and a decorator that freezes attributes after __init__.
def singleton(cls):
    instances = {}
    def get(*args, **kwargs):
        if cls not in instances:
            print(f"  creating {cls.__name__}")
            instances[cls] = cls(*args, **kwargs)
        return instances[cls]
    return get

@singleton
class Registry:
    def __init__(self, name="default"):
        self.name = name
        self.items = []

r1 = Registry("main")
r2 = Registry("ignored")
r1.items.append(1)
print(r1 is r2, r2.name, r2.items, type(r1).__name__)

def frozen_after_init(cls):
    orig_init = cls.__init__
    def __init__(self, *a, **kw):
        orig_init(self, *a, **kw)
        self._frozen = True
    def __setattr__(self, k, v):
        if getattr(self, "_frozen", False):
            raise AttributeError(f"{cls.__name__}.{k} is read-only")
        object.__setattr__(self, k, v)
    cls.__init__ = __init__
    cls.__setattr__ = __setattr__
    return cls

@frozen_after_init
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

p = Point(1, 2)
print(p.x, p.y)
try:
    p.x = 10
except AttributeError as e:
    print("AttributeError:", e)
