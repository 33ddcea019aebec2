# Attribute lookup order: instance, then the class, then the bases along the
# MRO; methods replaced on the class affect existing instances.
class Base:
    x = "Base.x"
    y = "Base.y"
    def hello(self):
        return "Base.hello"

class Mid(Base):
    y = "Mid.y"

class Leaf(Mid):
    pass

obj = Leaf()
print(obj.x, obj.y)
obj.x = "instance x"
print(obj.x, Leaf.x, Mid.x)
Mid.x = "Mid.x now"
print(obj.x, Leaf().x, Base.x)
print(obj.hello())
Base.hello = lambda self: "patched Base.hello"
print(obj.hello())
Leaf.hello = lambda self: "Leaf.hello"
print(obj.hello(), Mid().hello())
del Leaf.hello
print(obj.hello())
del Mid.y
print(obj.y)
try:
    del Mid.y
except AttributeError as e:
    print("AttributeError:", e)
Base.counter = 0
for o in (Base(), Mid(), Leaf()):
    o.counter += 1
print(Base.counter, [k for k in ("x", "y", "counter") if hasattr(Leaf, k)])  # safepy: ignore[SP305]
