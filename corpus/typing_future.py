# from __future__ import annotations: every annotation a string, get_type_hints resolves them.
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Dict, List, Optional, get_type_hints


@dataclass
class Item:
    name: str
    price: float
    tags: List[str] = field(default_factory=list)
    count: ClassVar[int] = 0


@dataclass
class Order:
    items: List[Item]
    customer: Optional[str] = None
    meta: Dict[str, int] = field(default_factory=dict)

    def total(self) -> float:
        return sum(i.price for i in self.items)


o = Order([Item("a", 1.5), Item("b", 2.0, ["x"])], "zoe")
print(o, o.total())
print(Item.__annotations__)
print(get_type_hints(Item))
print(get_type_hints(Order))
print(get_type_hints(Order.total))


def f(x: int, y: Optional[Order] = None) -> Dict[str, List[int]]:
    return {}


print(f.__annotations__, get_type_hints(f))
print([f.name for f in Item.__dataclass_fields__.values() if f._field_type is not None])
