# __getattr__ runs only for missing attributes; __setattr__ and __delattr__
# see every assignment and deletion; object.__setattr__ bypasses the hook.
class Record:
    def __init__(self, **fields):
        object.__setattr__(self, "_fields", dict(fields))
        object.__setattr__(self, "log", [])

    def __getattr__(self, name):
        self.log.append(("get", name))
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"Record has no field {name!r}") from None

    def __setattr__(self, name, value):
        self.log.append(("set", name))
        if name.startswith("_"):
            raise AttributeError(f"cannot set private {name}")
        self._fields[name] = value

    def __delattr__(self, name):
        self.log.append(("del", name))
        del self._fields[name]

r = Record(a=1, b=2)
print(r.a, r.b)
r.c = 3
print(r.c, r._fields)
del r.a
print(sorted(r._fields))
print(getattr(r, "zzz", "default"))
print(hasattr(r, "b"), hasattr(r, "a"))
try:
    r.missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    r._secret = 1
except AttributeError as e:
    print("AttributeError:", e)
setattr(r, "d", 4)
print(r.d)
print(r.log)
