# raise ... from None hides the context in the traceback.
class MissingSetting(Exception):
    def __init__(self, name):
        super().__init__(name)
        self.name = name
    def __str__(self):
        return f"setting {self.name!r} is required"

def setting(d, name):
    try:
        return d[name]
    except KeyError:
        raise MissingSetting(name) from None

print(setting({"x": 1}, "x"))
setting({}, "timeout")
