# An inventory: items with validated properties, a dict subclass keyed by SKU,
# restocking via a decorator that logs, and a low-stock report.
def audited(fn):
    def wrapper(self, sku, *args):
        before = self[sku].qty if sku in self else 0
        result = fn(self, sku, *args)
        after = self[sku].qty
        self.audit.append(f"{fn.__name__}:{sku}:{before}->{after}")
        return result
    return wrapper

class Item:
    def __init__(self, sku, name, price, qty=0):
        self.sku, self.name = sku, name
        self.price = price
        self.qty = qty
    @property
    def price(self):
        return self._price
    @price.setter
    def price(self, value):
        if value <= 0:
            raise ValueError(f"price must be positive: {value}")
        self._price = round(value, 2)
    @property
    def value(self):
        return self.qty * self.price
    def __repr__(self):
        return f"Item({self.sku!r}, {self.name!r}, {self.price}, qty={self.qty})"

class Inventory(dict):
    def __init__(self):
        super().__init__()
        self.audit = []
    def add(self, item):
        self[item.sku] = item
    @audited
    def restock(self, sku, n):
        self[sku].qty += n
    @audited
    def sell(self, sku, n):
        item = self[sku]
        if n > item.qty:
            raise ValueError(f"only {item.qty} {item.name} left")
        item.qty -= n
        return n * item.price
    def low(self, threshold):
        return sorted(i.sku for i in self.values() if i.qty < threshold)

inv = Inventory()
for args in [("A1", "bolt", 0.25, 100), ("B2", "nut", 0.1, 40), ("C3", "gear", 4.5, 3)]:
    inv.add(Item(*args))
print(inv.sell("A1", 30), inv.sell("C3", 2))
inv.restock("B2", 15)
try:
    inv.sell("C3", 5)
except ValueError as e:
    print("ValueError:", e)
try:
    inv["A1"].price = 0
except ValueError as e:
    print("ValueError:", e)
inv["A1"].price = 0.333
print(inv["A1"], inv.low(10))
print(f"stock value {sum(i.value for i in inv.values()):.2f}")
print(inv.audit)
