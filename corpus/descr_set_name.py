# __set_name__ gives each descriptor its attribute name; validators built on
# it (typed and ranged fields).
class Field:
    def __set_name__(self, owner, name):
        print(f"  __set_name__({owner.__name__}, {name!r})")
        self.name = name
        self.private = "_" + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.private)  # safepy: ignore[SP305]
    def __set__(self, obj, value):
        self.validate(value)
        setattr(obj, self.private, value)  # safepy: ignore[SP305]
    def validate(self, value):
        pass

class Typed(Field):
    def __init__(self, kind):
        self.kind = kind
    def validate(self, value):
        if not isinstance(value, self.kind):
            raise TypeError(f"{self.name} must be {self.kind.__name__}, got {type(value).__name__}")

class Ranged(Typed):
    def __init__(self, lo, hi):
        super().__init__(int)
        self.lo, self.hi = lo, hi
    def validate(self, value):
        super().validate(value)
        if not self.lo <= value <= self.hi:
            raise ValueError(f"{self.name}={value} not in [{self.lo}, {self.hi}]")

print("defining Product")
class Product:
    name = Typed(str)
    qty = Ranged(0, 100)
    def __init__(self, name, qty):
        self.name = name
        self.qty = qty
    def __repr__(self):
        return f"Product({self.name!r}, {self.qty})"

print(Product("bolt", 5))
for args in [("nut", 500), (3, 1), ("gear", "7")]:
    try:
        Product(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
p = Product("cog", 1)
p.qty += 9
print(p, Product.qty.name, Product.name.kind.__name__)
