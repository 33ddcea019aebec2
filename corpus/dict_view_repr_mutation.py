# Views and dicts shown while a __repr__ changes the dict, and views that
# contain themselves.
registry = {}


class Lazy:
    """Registers more entries the first time it is shown."""

    def __init__(self, name):
        self.name = name
        self.shown = False

    def __repr__(self):
        if not self.shown:
            self.shown = True
            for i in range(20):
                registry[f"auto{i}"] = i
        return f"Lazy({self.name!r})"


registry["first"] = Lazy("first")
print(registry.values())
print(len(registry), list(registry)[:3])

registry = {}
registry[Lazy("key")] = "value"
text = repr(registry.items())
print(text[:40], len(registry))

registry = {}
registry["x"] = Lazy("in dict")
shown = repr(registry)
print(shown[:30], len(registry))


class Dropper:
    def __init__(self, table):
        self.table = table

    def __repr__(self):
        self.table.clear()
        return "Dropper()"


table = {"a": 1}
table["b"] = Dropper(table)
table["c"] = 3
print(table.items(), table)
table = {"a": Dropper(None)}
table["a"].table = table
table["z"] = 26
print(table, table)

loop = {}
loop["values"] = loop.values()
loop["items"] = loop.items()
loop["keys"] = loop.keys()
print(loop)
print(loop.values())
print(loop.items())
loop.clear()  # the views hold the dict: break the cycle
