# A realistic model-written program: an abstract repository with two backends.
from abc import ABC, abstractmethod
from typing import Dict, List, Optional


class Repository(ABC):
    """Stores items by id."""

    @abstractmethod
    def get(self, key: str) -> Optional[dict]:
        raise NotImplementedError

    @abstractmethod
    def put(self, key: str, value: dict) -> None:
        raise NotImplementedError

    @property
    @abstractmethod
    def size(self) -> int:
        ...

    def get_or_default(self, key: str, default: dict) -> dict:
        found = self.get(key)
        return found if found is not None else default


class MemoryRepository(Repository):
    def __init__(self) -> None:
        self._data: Dict[str, dict] = {}

    def get(self, key: str) -> Optional[dict]:
        return self._data.get(key)

    def put(self, key: str, value: dict) -> None:
        self._data[key] = value

    @property
    def size(self) -> int:
        return len(self._data)


class LoggingRepository(MemoryRepository):
    def __init__(self) -> None:
        super().__init__()
        self.log: List[str] = []

    def put(self, key: str, value: dict) -> None:
        self.log.append(f"put {key}")
        super().put(key, value)


def fill(repo: Repository, n: int) -> None:
    for i in range(n):
        repo.put(f"k{i}", {"i": i, "sq": i * i})


for repo in (MemoryRepository(), LoggingRepository()):
    fill(repo, 4)
    print(type(repo).__name__, repo.size, repo.get("k2"), repo.get_or_default("zz", {"none": True}))
    print(isinstance(repo, Repository), getattr(repo, "log", None))
print(sorted(Repository.__abstractmethods__))
try:
    Repository()
except TypeError as e:
    print(e)
print(Repository.__doc__)
