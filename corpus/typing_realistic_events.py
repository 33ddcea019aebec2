# An event bus with typed handlers, NamedTuple events and Literal kinds.
from typing import Callable, DefaultDict, Dict, Final, List, Literal, NamedTuple, Optional, Set, TypedDict
from collections import defaultdict

Kind = Literal["created", "updated", "deleted"]
MAX_HISTORY: Final[int] = 5


class Event(NamedTuple):
    kind: Kind
    entity: str
    payload: Optional[Dict[str, int]] = None


class Summary(TypedDict):
    total: int
    by_kind: Dict[str, int]


Handler = Callable[[Event], None]


class Bus:
    def __init__(self) -> None:
        self._handlers: DefaultDict[str, List[Handler]] = defaultdict(list)
        self.history: List[Event] = []
        self.seen: Set[str] = set()

    def on(self, kind: Kind) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            self._handlers[kind].append(fn)
            return fn
        return register

    def emit(self, event: Event) -> int:
        self.history.append(event)
        self.history = self.history[-MAX_HISTORY:]
        self.seen.add(event.entity)
        handlers = self._handlers.get(event.kind, [])
        for h in handlers:
            h(event)
        return len(handlers)

    def summary(self) -> Summary:
        counts: Dict[str, int] = {}
        for e in self.history:
            counts[e.kind] = counts.get(e.kind, 0) + 1
        return Summary(total=len(self.history), by_kind=counts)


bus = Bus()
log: List[str] = []


@bus.on("created")
def on_created(e: Event) -> None:
    log.append(f"new {e.entity}")


@bus.on("updated")
def on_updated(e: Event) -> None:
    log.append(f"{e.entity} -> {e.payload}")


print(bus.emit(Event("created", "user:1")), bus.emit(Event("updated", "user:1", {"age": 3})))
print(bus.emit(Event("deleted", "user:2")))
for i in range(5):
    bus.emit(Event("created", f"item:{i}"))
print(log)
print(bus.summary(), sorted(bus.seen))
print(bus.history[0], bus.history[-1]._replace(kind="deleted"), Event._fields)
print(Kind, Handler, Event.__annotations__["payload"])
