# An event bus: handlers registered with a decorator, priorities, handlers
# that stop propagation by raising, and errors collected per handler.
class StopPropagation(Exception):
    pass

class Event:
    def __init__(self, name, **data):
        self.name = name
        self.data = data
        self.handled_by = []
    def __repr__(self):
        return f"Event({self.name!r}, {self.data})"

class EventBus:
    def __init__(self):
        self.handlers = {}
        self.errors = []

    def on(self, name, priority=0):
        def register(fn):
            self.handlers.setdefault(name, []).append((priority, fn))
            self.handlers[name].sort(key=lambda pf: -pf[0])
            return fn
        return register

    def emit(self, name, **data):
        event = Event(name, **data)
        for _, fn in self.handlers.get(name, []) + self.handlers.get("*", []):
            try:
                fn(event)
                event.handled_by.append(fn.__name__)
            except StopPropagation:
                event.handled_by.append(fn.__name__ + "(stop)")
                break
            except Exception as e:
                self.errors.append((fn.__name__, repr(e)))
        return event

bus = EventBus()

@bus.on("login", priority=10)
def check_banned(ev):
    if ev.data.get("user") == "mallory":
        raise StopPropagation

@bus.on("login")
def greet(ev):
    print(f"welcome, {ev.data['user']}")

@bus.on("login", priority=5)
def count(ev):
    ev.data["count"] = ev.data.get("count", 0) + 1

@bus.on("*")
def audit(ev):
    print("audit:", ev)

@bus.on("logout")
def broken(ev):
    return 1 / ev.data["sessions"]

for name, data in [("login", {"user": "ann"}), ("login", {"user": "mallory"}),
                   ("logout", {"sessions": 0}), ("ping", {})]:
    ev = bus.emit(name, **data)
    print(" ", ev.name, ev.handled_by)
print(bus.errors)
