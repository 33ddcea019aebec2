# Nested classes: an inner class used as a namespace and as a helper type,
# accessed through the outer class and its instances.
class Config:
    class Defaults:
        host = "localhost"
        port = 8000
    class Error(Exception):
        pass

    def __init__(self, **overrides):
        for key in overrides:
            if not hasattr(Config.Defaults, key):  # safepy: ignore[SP305]
                raise Config.Error(f"unknown setting {key!r}")
        self.values = {"host": self.Defaults.host, "port": self.Defaults.port}
        self.values.update(overrides)

    class View:
        def __init__(self, cfg, prefix):
            self.cfg, self.prefix = cfg, prefix
        def __getitem__(self, key):
            return f"{self.prefix}{self.cfg.values[key]}"

    def view(self, prefix):
        return self.View(self, prefix)

c = Config(port=9000)
print(c.values, Config.Defaults.port, c.Defaults.host)
print(c.view("> ")["port"], type(c.view("")).__name__)
try:
    Config(colour="red")
except Config.Error as e:
    print(type(e).__name__, e, isinstance(e, Exception))
print(Config.Error.__name__, Config.View.__name__)
