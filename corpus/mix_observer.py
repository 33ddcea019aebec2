# Observable properties: a descriptor-free observer using property factories,
# subscribers as bound methods and lambdas, and unsubscribe.
def observable(name):
    private = "_" + name
    def getter(self):
        return getattr(self, private)  # safepy: ignore[SP305]
    def setter(self, value):
        old = getattr(self, private, None)  # safepy: ignore[SP305]
        setattr(self, private, value)  # safepy: ignore[SP305]
        if old != value:
            self.notify(name, old, value)
    return property(getter, setter)

class Model:
    def __init__(self):
        self._subs = []
    def subscribe(self, fn):
        self._subs.append(fn)
        return lambda: self._subs.remove(fn)
    def notify(self, field, old, new):
        for fn in list(self._subs):
            fn(self, field, old, new)

class Person(Model):
    name = observable("name")
    age = observable("age")
    def __init__(self, name, age):
        super().__init__()
        self.name = name
        self.age = age

class Logger:
    def __init__(self):
        self.lines = []
    def on_change(self, obj, field, old, new):
        self.lines.append(f"{type(obj).__name__}.{field}: {old!r} -> {new!r}")

p = Person("ann", 30)
log = Logger()
stop_log = p.subscribe(log.on_change)
birthdays = []
p.subscribe(lambda o, f, old, new: birthdays.append(new) if f == "age" and new > old else None)
p.age = 31
p.age = 31
p.name = "Ann"
stop_log()
p.age = 32
print(log.lines)
print(birthdays, p.name, p.age, len(p._subs))
