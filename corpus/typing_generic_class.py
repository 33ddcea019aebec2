# Generic user classes: subscripting, __parameters__, __orig_bases__, errors.
from typing import Dict, Generic, Iterator, List, Optional, TypeVar

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Stack(Generic[T]):
    def __init__(self) -> None:
        self._items: List[T] = []

    def push(self, item: T) -> None:
        self._items.append(item)

    def pop(self) -> T:
        return self._items.pop()

    def peek(self) -> Optional[T]:
        return self._items[-1] if self._items else None

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(reversed(self._items))


s: Stack[int] = Stack()
for i in range(4):
    s.push(i * i)
print(s.pop(), s.peek(), len(s), list(s))
print(Stack[int], Stack[str], Stack.__parameters__, Stack.__orig_bases__)
print(Stack[int] == Stack[int], Stack[int] == Stack[str], Stack[int].__origin__ is Stack, Stack[int].__args__)
t = Stack[str]()
t.push("a")
print(type(t).__name__, t.pop(), t.__orig_class__)


class Pair(Generic[K, V]):
    def __init__(self, key: K, value: V) -> None:
        self.key = key
        self.value = value

    def __repr__(self) -> str:
        return f"Pair({self.key!r}, {self.value!r})"


print(Pair("a", 1), Pair[str, int], Pair.__parameters__, Pair[str, V], Pair[str, V][int])


class IntStack(Stack[int]):
    pass


class Mapping2(Dict[K, V]):
    pass


print(IntStack.__parameters__, IntStack.__orig_bases__, issubclass(IntStack, Stack), IntStack().peek())
print(Mapping2.__parameters__, Mapping2[str, int], issubclass(Mapping2, dict))
m = Mapping2()
m["x"] = 1
print(m, isinstance(m, dict))


class Tree(Generic[T]):
    def __init__(self, value: T, children: "Optional[List[Tree[T]]]" = None) -> None:
        self.value = value
        self.children = children or []

    def total(self) -> int:
        return self.value + sum(c.total() for c in self.children)


print(Tree(1, [Tree(2), Tree(3, [Tree(4)])]).total())
for bad in [lambda: Stack[int, str], lambda: Pair[int], lambda: Generic[int], lambda: Generic[T, T],
            lambda: Generic[()], lambda: IntStack[int]]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
try:
    class Bad(Generic):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class Bad2(Generic[T], Generic[K]):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class Bad3(Dict[K, V], Generic[K]):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(s, Stack[int])
except TypeError as e:
    print("TypeError:", e)
print(isinstance(s, Stack), isinstance(3, Stack))
