# A type-hinted inventory as a model would write it.
from typing import Any, Dict, List, Optional, Tuple, Union

Number = Union[int, float]


class Product:
    def __init__(self, sku: str, name: str, price: Number, tags: Optional[List[str]] = None) -> None:
        self.sku = sku
        self.name = name
        self.price = price
        self.tags: List[str] = tags or []

    def to_dict(self) -> Dict[str, Any]:
        return {"sku": self.sku, "name": self.name, "price": self.price, "tags": list(self.tags)}

    def __repr__(self) -> str:
        return f"Product({self.sku!r}, {self.name!r}, {self.price})"


class Inventory:
    def __init__(self) -> None:
        self._stock: Dict[str, Tuple[Product, int]] = {}

    def add(self, product: Product, qty: int = 1) -> None:
        current = self._stock.get(product.sku)
        count = current[1] if current else 0
        self._stock[product.sku] = (product, count + qty)

    def remove(self, sku: str, qty: int = 1) -> bool:
        if sku not in self._stock:
            return False
        product, count = self._stock[sku]
        if count < qty:
            raise ValueError(f"only {count} of {sku} in stock")
        if count == qty:
            del self._stock[sku]
        else:
            self._stock[sku] = (product, count - qty)
        return True

    def find(self, tag: Optional[str] = None, max_price: Optional[Number] = None) -> List[Product]:
        out: List[Product] = []
        for product, _ in self._stock.values():
            if tag is not None and tag not in product.tags:
                continue
            if max_price is not None and product.price > max_price:
                continue
            out.append(product)
        return sorted(out, key=lambda p: (p.price, p.sku))

    def value(self) -> float:
        return round(sum(p.price * n for p, n in self._stock.values()), 2)

    def report(self) -> Dict[str, Union[int, float, List[Dict[str, Any]]]]:
        return {"items": len(self._stock), "value": self.value(), "products": [p.to_dict() for p, _ in self._stock.values()]}


def summarize(inv: Inventory, *, tags: Optional[List[str]] = None) -> Dict[str, List[str]]:
    result: Dict[str, List[str]] = {}
    for t in tags or []:
        result[t] = [p.name for p in inv.find(tag=t)]
    return result


inv = Inventory()
inv.add(Product("A1", "apple", 0.5, ["fruit", "red"]), 10)
inv.add(Product("B2", "banana", 0.25, ["fruit"]), 6)
inv.add(Product("C3", "carrot", 0.1, ["veg"]))
inv.add(Product("A1", "apple", 0.5, ["fruit", "red"]), 2)
print(inv.value(), inv.find(tag="fruit"), inv.find(max_price=0.2))
print(inv.remove("C3"), inv.remove("ZZ"))
try:
    inv.remove("B2", 100)
except ValueError as e:
    print("error:", e)
print(inv.report())
print(summarize(inv, tags=["fruit", "red", "veg"]))
print(Inventory.add.__annotations__, summarize.__annotations__["return"])
