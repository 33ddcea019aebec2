# An abstract-base pattern without the abc module: the base refuses to be
# instantiated directly and checks that subclasses implement required methods.
class Plugin:
    required = ("load", "run")
    def __init__(self, name):
        if type(self) is Plugin:
            raise TypeError("Plugin is abstract; subclass it")
        missing = [m for m in self.required if getattr(type(self), m, None) is getattr(Plugin, m, None)]  # safepy: ignore[SP305]
        if missing:
            raise TypeError(f"{type(self).__name__} must implement: {', '.join(missing)}")
        self.name = name
        self.loaded = False
    def load(self):
        raise NotImplementedError
    def run(self, data):
        raise NotImplementedError
    def __call__(self, data):
        if not self.loaded:
            self.load()
            self.loaded = True
        return self.run(data)

class Upper(Plugin):
    def load(self):
        print(f"  loading {self.name}")
    def run(self, data):
        return data.upper()

class Half(Plugin):
    def load(self):
        pass

for factory in (lambda: Plugin("p"), lambda: Half("h")):
    try:
        factory()
    except TypeError as e:
        print("TypeError:", e)
u = Upper("up")
print(u("abc"), u("def"), u.loaded)
