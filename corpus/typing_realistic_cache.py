# A generic LRU cache and a store protocol, as a model would write them.
from collections import OrderedDict
from typing import Callable, Dict, Generic, Hashable, Iterator, List, Optional, Protocol, Tuple, TypeVar, runtime_checkable

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@runtime_checkable
class Store(Protocol[K, V]):
    def get(self, key: K) -> Optional[V]: ...

    def put(self, key: K, value: V) -> None: ...


class LRUCache(Generic[K, V]):
    """Least-recently-used cache with a fixed capacity."""

    def __init__(self, capacity: int, on_evict: Optional[Callable[[K, V], None]] = None) -> None:
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self._data: "OrderedDict[K, V]" = OrderedDict()
        self._on_evict = on_evict
        self.hits = 0
        self.misses = 0

    def get(self, key: K) -> Optional[V]:
        if key in self._data:
            self._data.move_to_end(key)
            self.hits += 1
            return self._data[key]
        self.misses += 1
        return None

    def put(self, key: K, value: V) -> None:
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.capacity:
            old_key, old_value = self._data.popitem(last=False)
            if self._on_evict:
                self._on_evict(old_key, old_value)

    def items(self) -> Iterator[Tuple[K, V]]:
        return iter(self._data.items())

    def stats(self) -> Dict[str, float]:
        total = self.hits + self.misses
        return {"hits": self.hits, "misses": self.misses, "ratio": self.hits / total if total else 0.0}


evicted: List[Tuple[str, int]] = []
cache: LRUCache[str, int] = LRUCache(2, on_evict=lambda k, v: evicted.append((k, v)))
cache.put("a", 1)
cache.put("b", 2)
print(cache.get("a"), cache.get("z"))
cache.put("c", 3)
print(list(cache.items()), evicted, cache.stats())
print(isinstance(cache, Store), isinstance({}, Store), Store.__parameters__, LRUCache[str, int])


def memo(store: Store[int, int]) -> Callable[[int], int]:
    def fib(n: int) -> int:
        got = store.get(n)
        if got is not None:
            return got
        r = n if n < 2 else fib(n - 1) + fib(n - 2)
        store.put(n, r)
        return r
    return fib


print(memo(LRUCache(100))(40))
try:
    LRUCache(0)
except ValueError as e:
    print("ValueError:", e)
