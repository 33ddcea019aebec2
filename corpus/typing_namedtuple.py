# NamedTuple: class syntax with defaults and methods, the functional form, errors.
from typing import List, NamedTuple, Optional


class Employee(NamedTuple):
    """An employee record."""
    name: str
    id: int = 3
    tags: Optional[List[str]] = None

    def badge(self) -> str:
        return f"{self.name}#{self.id}"

    @property
    def upper(self) -> str:
        return self.name.upper()


e = Employee("ann")
print(e, e.badge(), e.upper, e[0], len(e), e._fields, Employee._field_defaults)
print(Employee.__annotations__, Employee.__doc__, Employee.__name__)
print(e._replace(id=9), e._asdict(), Employee._make(["bob", 1, ["x"]]))
a, b, c = Employee("c", 5)
print(a, b, c, e == ("ann", 3, None), isinstance(e, tuple), hash(e) == hash(("ann", 3, None)))
P = NamedTuple("P", [("x", int), ("y", float)])
print(P(1, 2.5), P.__annotations__, P._fields)
Q = NamedTuple("Q", x=int, y=str)
print(Q(1, "a"), Q._fields)
print(sorted([Employee("b", 2), Employee("a", 9), Employee("a", 1)]))
for bad in ["default", "overwrite", "base"]:
    try:
        if bad == "default":
            class Bad(NamedTuple):
                a: int = 0
                b: int
                c: int
        elif bad == "overwrite":
            class Bad2(NamedTuple):
                a: int

                def _asdict(self):
                    return {}
        else:
            class Bad3(NamedTuple, dict):
                a: int
    except (TypeError, AttributeError) as err:
        print(type(err).__name__ + ":", err)
try:
    Employee()
except TypeError as err:
    print("TypeError:", err)
