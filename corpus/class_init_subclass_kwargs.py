# __init_subclass__ with keyword arguments: a plugin registry filled when the
# subclasses are defined.
class Plugin:
    registry = {}

    def __init_subclass__(cls, name=None, priority=0, **kw):
        super().__init_subclass__(**kw)
        cls.plugin_name = name or cls.__name__.lower()
        cls.priority = priority
        Plugin.registry[cls.plugin_name] = cls
        print("registered", cls.plugin_name, priority)

    def run(self):
        return f"{self.plugin_name} running"

class Upper(Plugin, name="up", priority=2):
    pass

class Lower(Plugin):
    pass

class Loud(Upper, priority=9):
    def run(self):
        return super().run().upper()

for key in sorted(Plugin.registry, key=lambda k: -Plugin.registry[k].priority):
    cls = Plugin.registry[key]
    print(key, cls.__name__, cls().run())
print(Upper.plugin_name, Loud.plugin_name, Plugin.registry["loud"] is Loud)
try:
    class Bad(Plugin, colour="x"):
        pass
except TypeError as e:
    print("TypeError:", e)
